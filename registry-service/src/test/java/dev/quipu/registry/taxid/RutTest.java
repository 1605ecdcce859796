package dev.quipu.registry.taxid;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Chile's RUT: research note §4.5. */
class RutTest {

    private final Rut rut = new Rut();

    @ParameterizedTest
    @ValueSource(strings = {"76.086.428-5", "12.531.909-2", "60.803.000-K", "97.004.000-5"})
    void acceptsTheResearchNotesValidRuts(String value) {
        assertTrue(rut.check(value).valid(), value);
    }

    @Test
    void refusesTheResearchNotesInvalidRutForItsCheckDigit() {
        assertEquals(Optional.of("rut.check_digit"), rut.check("12.531.909-3").failedRule());
    }

    @Test
    void refusesTheResearchNotesRutWithALetterInTheBody() {
        assertEquals(Optional.of("rut.format"), rut.check("76086A28-5").failedRule());
    }

    @Test
    void isNormalisedToDigitsAndFormattedAsTheRegistryWritesIt() {
        TaxIdCheck check = rut.check("76086428-5");
        assertEquals("760864285", check.normalized());
        assertEquals("76.086.428-5", check.formatted());
    }

    @Test
    void dotsAndTheDashMayBeLeftOut() {
        assertEquals("76.086.428-5", rut.check("760864285").formatted());
        assertEquals("76.086.428-5", rut.check("76086428-5").formatted());
    }

    @Test
    void aLowerCaseKIsTheCheckDigitK() {
        TaxIdCheck sii = rut.check("60.803.000-k");
        assertTrue(sii.valid());
        assertEquals("60.803.000-K", sii.formatted());
    }

    @Test
    void aLeadingCountryCodeIsDropped() {
        assertEquals("12.531.909-2", rut.check("CL 12531909-2").formatted());
    }

    @Test
    void aSevenDigitBodyIsFormattedWithoutPadding() {
        assertEquals("1.234.567-4", rut.check("1234567-4").formatted());
        assertEquals("1.234.567-4", rut.check("01.234.567-4").formatted());
    }

    @Test
    void bodiesOutsideSevenToEightDigitsAreRefused() {
        assertEquals(Optional.of("rut.length"), rut.check("123456-0").failedRule());
        assertEquals(Optional.of("rut.length"), rut.check("123456789-2").failedRule());
    }

    @Test
    void aRutOfZerosIsRefusedThoughItsCheckDigitComputesTo0() {
        assertEquals('0', Rut.checkDigit("00000000"));
        assertEquals(Optional.of("rut.zero"), rut.check("00.000.000-0").failedRule());
    }

    @Test
    void aRutSaysNothingAboutWhetherItsHolderIsACompanyOrAPerson() {
        assertEquals(PartyKind.UNSPECIFIED, rut.check("76.086.428-5").kind());
    }
}
