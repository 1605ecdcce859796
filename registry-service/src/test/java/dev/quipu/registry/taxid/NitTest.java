package dev.quipu.registry.taxid;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Colombia's NIT: research note §4.1. */
class NitTest {

    private final Nit nit = new Nit();

    @ParameterizedTest
    @ValueSource(strings = {"890903938-8", "899999068-1", "800197268-4", "213.123.432-1"})
    void acceptsTheResearchNotesValidNits(String value) {
        assertTrue(nit.check(value).valid(), value);
    }

    @ParameterizedTest
    @ValueSource(strings = {"213123432-5", "890903938-9"})
    void refusesTheResearchNotesInvalidNitsForTheirCheckDigit(String value) {
        assertEquals(Optional.of("nit.check_digit"), nit.check(value).failedRule(), value);
    }

    @Test
    void ecopetrolIsNormalisedToDigitsAndFormattedAsTheRegistryWritesIt() {
        TaxIdCheck ecopetrol = nit.check("899999068-1");
        assertTrue(ecopetrol.valid());
        assertEquals("8999990681", ecopetrol.normalized());
        assertEquals("899.999.068-1", ecopetrol.formatted());
        assertTrue(ecopetrol.checkDigitSupplied());
        assertEquals(List.of(), ecopetrol.warnings());
    }

    @Test
    void aNitSaysNothingAboutWhetherItsHolderIsACompanyOrAPerson() {
        assertEquals(PartyKind.UNSPECIFIED, nit.check("899999068-1").kind());
    }

    @Test
    void dotsCommasAndSpacesAreSeparators() {
        assertEquals("899.999.068-1", nit.check("899,999,068 - 1").formatted());
        assertEquals("899.999.068-1", nit.check("899.999.068-1").formatted());
    }

    @Test
    void aBodyWithoutCheckDigitIsAcceptedWithTheComputedDigitAndAWarning() {
        TaxIdCheck bare = nit.check("899999068");
        assertTrue(bare.valid());
        assertFalse(bare.checkDigitSupplied());
        assertEquals("899.999.068-1", bare.formatted());
        assertEquals(List.of("nit.check_digit_missing"), bare.warnings().stream().map(Finding::code).toList());
        assertTrue(bare.warnings().get(0).message().contains("is 1"), bare.warnings().get(0).message());
    }

    @Test
    void tenUndashedDigitsEndInTheCheckDigit() {
        TaxIdCheck compact = nit.check("8999990681");
        assertTrue(compact.checkDigitSupplied());
        assertEquals("899.999.068-1", compact.formatted());
        assertEquals(Optional.of("nit.check_digit"), nit.check("8999990682").failedRule());
    }

    @Test
    void leadingZerosArePaddingAndDoNotChangeTheNit() {
        assertEquals("8999990681", nit.check("000899999068-1").normalized());
        assertEquals("8999990681", nit.check("0008999990681").normalized());
        assertEquals("8999990681", nit.check("000000899999068").normalized());
    }

    @Test
    void aTenDigitCedulaIsWrittenWithItsCheckDigitAfterADash() {
        TaxIdCheck person = nit.check("1020304050-8");
        assertTrue(person.valid());
        assertEquals("1.020.304.050-8", person.formatted());
    }

    @Test
    void aNitOfZerosIsRefused() {
        assertEquals(Optional.of("nit.zero"), nit.check("000.000.000-0").failedRule());
    }

    @Test
    void aBodyLongerThanTheFifteenDianWeightsIsRefused() {
        assertEquals(Optional.of("nit.length"), nit.check("1234567890123456-1").failedRule());
    }

    @Test
    void lettersAreRefusedNamingTheCharacter() {
        TaxIdCheck check = nit.check("899999O68-1");
        assertEquals(Optional.of("nit.format"), check.failedRule());
        assertTrue(check.failure().get().message().contains("'O' (U+004F)"), check.failure().get().message());
    }

    @Test
    void theCheckDigitAfterTheDashIsOneDigit() {
        assertEquals(Optional.of("nit.format"), nit.check("899999068-12").failedRule());
        assertEquals(Optional.of("nit.format"), nit.check("899-999-068-1").failedRule());
        assertEquals(Optional.of("nit.format"), nit.check("-1").failedRule());
    }

    @Test
    void theCheckDigitMessageNamesTheExpectedDigit() {
        String message = nit.check("899999068-2").failure().get().message();
        assertTrue(message.contains("899.999.068 has check digit 1"), message);
    }

    @Test
    void remaindersZeroAndOneAreTheirOwnCheckDigit() {
        // 1 × 3 = 3 → 11 − 3 = 8;  4 × 3 = 12, r = 1 → 1;  0 × 3 = 0, r = 0 → 0
        assertEquals('8', Nit.checkDigit("1"));
        assertEquals('1', Nit.checkDigit("4"));
        assertEquals('0', Nit.checkDigit("0"));
    }
}
