package dev.quipu.registry.taxid;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Brazil's CPF: research note §4.3. */
class CpfTest {

    private final Cpf cpf = new Cpf();

    @ParameterizedTest
    @ValueSource(strings = {"529.982.247-25", "111.444.777-35", "390.533.447-05"})
    void acceptsTheResearchNotesValidCpfs(String value) {
        assertTrue(cpf.check(value).valid(), value);
    }

    @Test
    void refusesTheResearchNotesInvalidCpfForItsCheckDigits() {
        assertEquals(Optional.of("cpf.check_digit"), cpf.check("231.002.999-00").failedRule());
    }

    @ParameterizedTest
    @ValueSource(strings = {"111.111.111-11", "000.000.000-00", "99999999999"})
    void refusesRepeatedDigitsThoughTheyPassTheArithmetic(String value) {
        assertEquals(Optional.of("cpf.repeated_digits"), cpf.check(value).failedRule(), value);
    }

    @Test
    void isNormalisedToElevenDigitsAndFormattedWithTheUsualMask() {
        TaxIdCheck check = cpf.check("52998224725");
        assertEquals("52998224725", check.normalized());
        assertEquals("529.982.247-25", check.formatted());
    }

    @Test
    void aCpfBelongsToANaturalPerson() {
        assertEquals(PartyKind.NATURAL_PERSON, cpf.check("529.982.247-25").kind());
    }

    @Test
    void leadingZerosArePartOfTheCpf() {
        assertEquals("012.345.678-90", cpf.check("01234567890").formatted());
    }

    @Test
    void aCpfThatLostItsLeadingZeroIsRefusedForItsLength() {
        assertEquals(Optional.of("cpf.length"), cpf.check("1234567890").failedRule());
    }

    @Test
    void lettersAreRefused() {
        assertEquals(Optional.of("cpf.format"), cpf.check("529.982.247-2X").failedRule());
    }
}
