package dev.quipu.registry.taxid;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Peru's RUC: research note §4.6. */
class RucTest {

    private final Ruc ruc = new Ruc();

    @ParameterizedTest
    @ValueSource(strings = {"20512333797", "20131312955", "10054148289", "20100128919"})
    void acceptsTheResearchNotesValidRucs(String value) {
        assertTrue(ruc.check(value).valid(), value);
    }

    @Test
    void refusesTheResearchNotesInvalidRucForItsCheckDigit() {
        assertEquals(Optional.of("ruc.check_digit"), ruc.check("20512333798").failedRule());
    }

    @ParameterizedTest
    @ValueSource(strings = {"30131312955", "11054148289", "00000000000"})
    void refusesPrefixesOtherThan10_15_17And20(String value) {
        assertEquals(Optional.of("ruc.prefix"), ruc.check(value).failedRule(), value);
    }

    @Test
    void sunatIsALegalEntityWrittenAsElevenDigits() {
        TaxIdCheck sunat = ruc.check("20131312955");
        assertEquals(PartyKind.LEGAL_ENTITY, sunat.kind());
        assertEquals("20131312955", sunat.normalized());
        assertEquals("20131312955", sunat.formatted());
    }

    @Test
    void prefix10IsANaturalPerson() {
        assertEquals(PartyKind.NATURAL_PERSON, ruc.check("10054148289").kind());
    }

    @Test
    void prefixes15And17DoNotSayWhoHoldsTheRuc() {
        String fifteen = "1512345678" + Ruc.checkDigit("1512345678");
        String seventeen = "1712345678" + Ruc.checkDigit("1712345678");
        assertEquals(PartyKind.UNSPECIFIED, ruc.check(fifteen).kind());
        assertEquals(PartyKind.UNSPECIFIED, ruc.check(seventeen).kind());
    }

    @Test
    void otherLengthsAreRefused() {
        assertEquals(Optional.of("ruc.length"), ruc.check("2013131295").failedRule());
    }

    @Test
    void separatorsAreRefusedBecauseARucHasNone() {
        assertEquals(Optional.of("ruc.format"), ruc.check("20-13131295-5").failedRule());
    }

    @Test
    void surroundingAndInnerWhitespaceIsDropped() {
        assertEquals("20131312955", ruc.check(" 2013 1312 955\n").normalized());
    }
}
