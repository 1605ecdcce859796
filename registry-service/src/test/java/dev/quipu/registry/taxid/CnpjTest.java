package dev.quipu.registry.taxid;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Brazil's CNPJ, numeric and alphanumeric: research note §4.2. */
class CnpjTest {

    private final Cnpj cnpj = new Cnpj();

    @ParameterizedTest
    @ValueSource(strings = {"00.000.000/0001-91", "11.222.333/0001-81", "16.727.230/0001-97", "12.ABC.345/01DE-35"})
    void acceptsTheResearchNotesValidCnpjs(String value) {
        assertTrue(cnpj.check(value).valid(), value);
    }

    @ParameterizedTest
    @ValueSource(strings = {"16.727.230/0001-98", "12.ABC.345/01DE-36"})
    void refusesTheResearchNotesInvalidCnpjsForTheirCheckDigits(String value) {
        assertEquals(Optional.of("cnpj.check_digit"), cnpj.check(value).failedRule(), value);
    }

    @Test
    void refusesTheResearchNotesThreeDigitCnpjForItsLength() {
        assertEquals(Optional.of("cnpj.length"), cnpj.check("123").failedRule());
    }

    @Test
    void bancoDoBrasilKeepsItsLeadingZeros() {
        TaxIdCheck bb = cnpj.check("00.000.000/0001-91");
        assertEquals("00000000000191", bb.normalized());
        assertEquals("00.000.000/0001-91", bb.formatted());
    }

    @Test
    void anUnpaddedCnpjIsRefusedNotPadded() {
        // Banco do Brasil stored as a number: 191. Padding would guess; the caller must send 14 characters.
        assertEquals(Optional.of("cnpj.length"), cnpj.check("191").failedRule());
    }

    @Test
    void valeIsNormalisedAndFormattedAsTheRegistryWritesIt() {
        TaxIdCheck vale = cnpj.check("33592510000154");
        assertTrue(vale.valid());
        assertEquals("33592510000154", vale.normalized());
        assertEquals("33.592.510/0001-54", vale.formatted());
    }

    @Test
    void aCnpjBelongsToALegalEntity() {
        assertEquals(PartyKind.LEGAL_ENTITY, cnpj.check("33.592.510/0001-54").kind());
    }

    /**
     * The Receita Federal's example (Nota Técnica 49/2024; stdnum doctest). Value = ASCII − 48:
     * 1 2 A=17 B=18 C=19 3 4 5 0 1 D=20 E=21.
     * DV1: weights 5 4 3 2 9 8 7 6 5 4 3 2 → 5+8+51+36+171+24+28+30+0+4+60+42 = 459; 459 mod 11 = 8 → 11 − 8 = 3.
     * DV2: weights 6 5 4 3 2 9 8 7 6 5 4 3 2 over the base and 3 → 6+10+68+54+38+27+32+35+0+5+80+63+6 = 424;
     * 424 mod 11 = 6 → 11 − 6 = 5.
     */
    @Test
    void theReceitaFederalAlphanumericExampleHasCheckDigits35() {
        assertEquals("35", Cnpj.checkDigits("12ABC34501DE"));
    }

    @Test
    void anAlphanumericCnpjIsNormalisedToItsCharactersAndFormattedWithTheSameMask() {
        TaxIdCheck alnum = cnpj.check("12.ABC.345/01DE-35");
        assertEquals("12ABC34501DE35", alnum.normalized());
        assertEquals("12.ABC.345/01DE-35", alnum.formatted());
    }

    @Test
    void lowerCaseLettersOfAnAlphanumericCnpjAreReadAsCapitals() {
        assertEquals("12.ABC.345/01DE-35", cnpj.check("12.abc.345/01de-35").formatted());
    }

    @Test
    void aNumericCnpjHasTheSameCheckDigitsUnderTheAsciiRule() {
        // ASCII − 48 is the digit's own value, so the 2026 rule leaves Vale's 54 as it was
        assertEquals("54", Cnpj.checkDigits("335925100001"));
    }

    @Test
    void theCheckDigitsAreAlwaysNumeric() {
        assertEquals(Optional.of("cnpj.format"), cnpj.check("12.ABC.345/01DE-3A").failedRule());
    }

    @Test
    void fourteenZerosPassTheArithmeticButAreRefused() {
        assertEquals("00", Cnpj.checkDigits("000000000000"));
        assertEquals(Optional.of("cnpj.repeated_digits"), cnpj.check("00.000.000/0000-00").failedRule());
    }

    @Test
    void fourteenOnesAreRefusedAsRepeated() {
        assertEquals(Optional.of("cnpj.repeated_digits"), cnpj.check("11.111.111/1111-11").failedRule());
    }

    @Test
    void punctuationOtherThanTheMaskIsRefused() {
        // stdnum's doctest: '=' is no CNPJ delimiter
        assertEquals(Optional.of("cnpj.format"), cnpj.check("16.727.230/0001=97").failedRule());
    }

    @Test
    void theCheckDigitMessageNamesTheCorrectCnpj() {
        String message = cnpj.check("16.727.230/0001-98").failure().get().message();
        assertTrue(message.contains("16.727.230/0001-97"), message);
    }
}
