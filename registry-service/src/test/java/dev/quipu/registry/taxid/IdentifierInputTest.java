package dev.quipu.registry.taxid;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How text is read before any rule: what copy-paste and keyboards produce is folded to the ASCII the
 * authorities issue, and nothing that only looks like it is.
 */
class IdentifierInputTest {

    private final TaxIds taxIds = new TaxIds();

    @Test
    void fullWidthDigitsAreReadAsDigits() {
        assertEquals("8999990681", taxIds.check(TaxIdType.NIT, "８９９９９９０６８－１").normalized());
    }

    @Test
    void fullWidthLettersAreReadAsLetters() {
        assertEquals("SAT970701NN3", taxIds.check(TaxIdType.RFC, "ＳＡＴ９７０７０１ＮＮ３").normalized());
    }

    @Test
    void noBreakAndOtherUnicodeSpacesAreDropped() {
        assertEquals("33592510000154", taxIds.check(TaxIdType.CNPJ, "33.592.510/0001\u00A0-\u202F54").normalized());
        assertEquals("20131312955", taxIds.check(TaxIdType.RUC, "\u200B20131312955\uFEFF\u2007").normalized());
    }

    @Test
    void tabsAndLineBreaksAreDropped() {
        assertEquals("760864285", taxIds.check(TaxIdType.RUT, "\t76.086.428-5\r\n").normalized());
    }

    @Test
    void typographicDashesAreReadAsTheDash() {
        assertEquals("899.999.068-1", taxIds.check(TaxIdType.NIT, "899.999.068–1").formatted());
        assertEquals("899.999.068-1", taxIds.check(TaxIdType.NIT, "899.999.068\u22121").formatted());
        assertEquals("76.086.428-5", taxIds.check(TaxIdType.RUT, "76.086.428‐5").formatted());
    }

    @Test
    void lowerCaseLettersAreReadAsCapitals() {
        assertTrue(taxIds.check(TaxIdType.RFC, "sat970701nn3").valid());
        assertTrue(taxIds.check(TaxIdType.RUT, "60803000k").valid());
        assertTrue(taxIds.check(TaxIdType.CNPJ, "12abc34501de35").valid());
    }

    @Test
    void anEnyeWrittenAsNPlusCombiningTildeIsTheLetterEnye() {
        String body = "ÑAÑO800101AB";
        String rfc = body + Rfc.checkDigit(body);
        assertEquals(rfc, taxIds.check(TaxIdType.RFC, rfc.replace("Ñ", "N\u0303")).normalized());
    }

    @Test
    void digitsOfOtherScriptsAreRefused() {
        // Arabic-Indic ٨٩٩٩٩٩٠٦٨ and Devanagari ८९९: no authority issues these
        assertEquals(Optional.of("nit.format"), taxIds.check(TaxIdType.NIT, "٨٩٩٩٩٩٠٦٨-١").failedRule());
        assertEquals(Optional.of("ruc.format"), taxIds.check(TaxIdType.RUC, "२०१३१३१२९५५").failedRule());
    }

    @Test
    void lookAlikeLettersOfOtherScriptsAreRefused() {
        // Cyrillic А (U+0410) and С (U+0421) in place of Latin A and C
        TaxIdCheck check = taxIds.check(TaxIdType.CNPJ, "12.\u0410B\u0421.345/01DE-35");
        assertEquals(Optional.of("cnpj.format"), check.failedRule());
        assertTrue(check.failure().get().message().contains("U+0410"), check.failure().get().message());
        assertEquals(Optional.of("rfc.format"), taxIds.check(TaxIdType.RFC, "S\u0410T970701NN3").failedRule());
    }

    @Test
    void aTurkishDotlessIIsNotReadAsI() {
        // Unicode upper-casing maps ı to I; only a-z and ñ are upper-cased here
        String rfc = "GOIE561231GR" + Rfc.checkDigit("GOIE561231GR");
        assertTrue(taxIds.check(TaxIdType.RFC, rfc).valid());
        assertEquals(Optional.of("rfc.format"), taxIds.check(TaxIdType.RFC, rfc.replace('I', 'ı')).failedRule());
    }
}
