package dev.quipu.registry.taxid;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Mexico's RFC: research note §4.4. */
class RfcTest {

    private final Rfc rfc = new Rfc();

    private static List<String> warningCodes(TaxIdCheck check) {
        return check.warnings().stream().map(Finding::code).toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {"GODE561231GR8", "MAB9307148T4", "SAT970701NN3"})
    void acceptsTheResearchNotesValidRfcsWithoutWarnings(String value) {
        TaxIdCheck check = rfc.check(value);
        assertTrue(check.valid(), value);
        assertEquals(List.of(), check.warnings(), value);
    }

    @Test
    void aCheckDigitMismatchIsAWarningNotARefusal() {
        TaxIdCheck check = rfc.check("VACE460910SX6");
        assertTrue(check.valid());
        assertEquals(List.of("rfc.check_digit"), warningCodes(check));
        assertTrue(check.warnings().get(0).message().contains("computes to 5"), check.warnings().get(0).message());
    }

    @Test
    void realRfcsOfThe69BListWithAWrongCheckDigitStayValid() {
        // shared/data/registries SOURCES.md: ACC071123LL9 (computes to 7) and CAHE800909U93 (computes to 4)
        assertEquals(List.of("rfc.check_digit"), warningCodes(rfc.check("ACC071123LL9")));
        assertEquals(List.of("rfc.check_digit"), warningCodes(rfc.check("CAHE800909U93")));
    }

    @Test
    void thePublicoEnGeneralRfcIsWhitelistedThoughItsCheckDigitComputesTo4() {
        assertEquals('4', Rfc.checkDigit("XAXX01010100"));
        TaxIdCheck check = rfc.check("XAXX010101000");
        assertTrue(check.valid());
        assertEquals(List.of("rfc.generic"), warningCodes(check));
    }

    @Test
    void theForeignersGenericRfcIsWhitelisted() {
        TaxIdCheck check = rfc.check("XEXX010101000");
        assertTrue(check.valid());
        assertEquals(List.of("rfc.generic"), warningCodes(check));
        assertEquals(PartyKind.UNSPECIFIED, check.kind());
    }

    @Test
    void twelveCharactersArePersonaMoral() {
        assertEquals(PartyKind.LEGAL_ENTITY, rfc.check("SAT970701NN3").kind());
    }

    @Test
    void thirteenCharactersArePersonaFisica() {
        assertEquals(PartyKind.NATURAL_PERSON, rfc.check("GODE561231GR8").kind());
    }

    @Test
    void isNormalisedAndWrittenWithoutSeparators() {
        TaxIdCheck check = rfc.check("mab-930714-8t4");
        assertEquals("MAB9307148T4", check.normalized());
        assertEquals("MAB9307148T4", check.formatted());
        assertEquals("GODE561231GR8", rfc.check("GODE 561231 GR8").formatted());
    }

    @Test
    void ampersandAndEnyeArePartOfTheName() {
        // check digits computed with the SAT alphabet (& = 24, Ñ = 38)
        assertEquals('1', Rfc.checkDigit("A&C010101AB"));
        assertEquals(List.of(), rfc.check("A&C010101AB1").warnings());
        assertTrue(rfc.check("ÑAÑO800101AB" + Rfc.checkDigit("ÑAÑO800101AB")).valid());
    }

    @Test
    void aLowerCaseEnyeIsReadAsACapital() {
        String upper = "ÑAÑO800101AB" + Rfc.checkDigit("ÑAÑO800101AB");
        assertEquals(upper, rfc.check(upper.toLowerCase(java.util.Locale.ROOT)).normalized());
    }

    @Test
    void theDateMustBeACalendarDate() {
        assertEquals(Optional.of("rfc.date"), rfc.check("MAB9313148T4").failedRule());
        assertEquals(Optional.of("rfc.date"), rfc.check("GODE561231GR8".replace("561231", "560230")).failedRule());
    }

    @Test
    void twentyNinthOfFebruaryIsADateInLeapYears() {
        String body = "GODE960229GR";
        assertTrue(rfc.check(body + Rfc.checkDigit(body)).valid());
        assertEquals(Optional.of("rfc.date"), rfc.check("GODE970229GR8").failedRule());
    }

    @ParameterizedTest
    @ValueSource(strings = {"GODE561231", "GODE561231GR8X", "SAT97"})
    void otherLengthsAreRefused(String value) {
        assertEquals(Optional.of("rfc.length"), rfc.check(value).failedRule(), value);
    }

    @Test
    void aPersonaMoralHasThreeLettersBeforeTheDate() {
        assertEquals(Optional.of("rfc.format"), rfc.check("S4T970701NN3").failedRule());
    }

    @Test
    void aPersonaFisicaHasFourLettersBeforeTheDate() {
        assertEquals(Optional.of("rfc.format"), rfc.check("GOD1561231GR8").failedRule());
    }
}
