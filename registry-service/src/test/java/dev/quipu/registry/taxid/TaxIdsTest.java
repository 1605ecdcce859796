package dev.quipu.registry.taxid;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which identifier a request means: /registry names the type, /entity leaves it to the country. */
class TaxIdsTest {

    private final TaxIds taxIds = new TaxIds();

    @ParameterizedTest
    @CsvSource({"CO,nit,899999068-1", "BR,cnpj,33.592.510/0001-54", "BR,cpf,529.982.247-25", "MX,rfc,SAT970701NN3",
            "CL,rut,76.086.428-5", "PE,ruc,20131312955"})
    void eachIdTypeIsAcceptedForTheCountryThatIssuesIt(String country, String idType, String identifier) {
        TaxIdCheck check = taxIds.forRegistry(country, idType, identifier);
        assertTrue(check.valid(), check.failure().map(Finding::message).orElse(""));
        assertEquals(idType, check.type().orElseThrow().code());
    }

    @ParameterizedTest
    @CsvSource({"CO,rfc", "MX,nit", "BR,ruc", "CL,cnpj", "PE,rut", "CO,cpf"})
    void anIdTypeOfAnotherCountryIsRefused(String country, String idType) {
        TaxIdCheck check = taxIds.forRegistry(country, idType, "899999068-1");
        assertEquals(Optional.of("id_type.country"), check.failedRule());
        assertEquals("id_type", check.failure().get().rule().field());
    }

    @Test
    void theCountryMismatchMessageSaysWhichIdTypeTheCountryUses() {
        String message = taxIds.forRegistry("CO", "rfc", "SAT970701NN3").failure().get().message();
        assertEquals("id_type rfc is issued in MX, not CO; CO uses nit", message);
    }

    @Test
    void anUnknownIdTypeIsRefused() {
        assertEquals(Optional.of("id_type.unknown"), taxIds.forRegistry("PE", "dni", "05414828").failedRule());
        assertEquals(Optional.of("id_type.unknown"), taxIds.forRegistry("CO", "NIT", "899999068-1").failedRule());
    }

    @Test
    void aCountryWithoutTaxIdentifiersHereIsRefused() {
        TaxIdCheck check = taxIds.forRegistry("AR", "nit", "899999068-1");
        assertEquals(Optional.of("country.unsupported"), check.failedRule());
        assertEquals("country", check.failure().get().rule().field());
        assertEquals(Optional.empty(), check.type());
    }

    @Test
    void theRegistryChecksTheIdentifierOnceTheTypeFitsTheCountry() {
        assertEquals(Optional.of("nit.check_digit"), taxIds.forRegistry("CO", "nit", "899999068-2").failedRule());
    }

    @ParameterizedTest
    @CsvSource({"CO,899.999.068-1,NIT", "MX,SAT970701NN3,RFC", "CL,76.086.428-5,RUT", "PE,20131312955,RUC"})
    void anEntityIdentifierIsOfTheOneTypeItsCountryIssues(String country, String identifier, TaxIdType type) {
        assertEquals(Optional.of(type), taxIds.forEntity(country, identifier).type());
    }

    @Test
    void aBrazilianEntityOfFourteenCharactersIsACnpj() {
        assertEquals(Optional.of(TaxIdType.CNPJ), taxIds.forEntity("BR", "00.000.000/0001-91").type());
        assertEquals(Optional.of(TaxIdType.CNPJ), taxIds.forEntity("BR", "12ABC34501DE35").type());
    }

    @Test
    void aBrazilianEntityOfElevenDigitsIsACpf() {
        TaxIdCheck check = taxIds.forEntity("BR", "529.982.247-25");
        assertEquals(Optional.of(TaxIdType.CPF), check.type());
        assertEquals(PartyKind.NATURAL_PERSON, check.kind());
    }

    @Test
    void aBrazilianEntityOfAnyOtherLengthIsUnrecognised() {
        TaxIdCheck check = taxIds.forEntity("BR", "191");
        assertEquals(Optional.of("identifier.unrecognised"), check.failedRule());
        assertEquals(Optional.empty(), check.type());
    }

    @Test
    void anInferredTypeIsStillChecked() {
        assertEquals(Optional.of("cnpj.check_digit"), taxIds.forEntity("BR", "16.727.230/0001-98").failedRule());
    }

    @Test
    void anEntityInACountryWithoutTaxIdentifiersHereIsRefused() {
        assertEquals(Optional.of("country.unsupported"), taxIds.forEntity("US", "12-3456789").failedRule());
    }

    @Test
    void anEmptyIdentifierIsRefusedWhateverTheType() {
        for (TaxIdType type : TaxIdType.values()) {
            assertEquals(Optional.of("identifier.empty"), taxIds.check(type, " \t").failedRule(), type.code());
            assertEquals(Optional.of("identifier.empty"), taxIds.check(type, null).failedRule(), type.code());
        }
        assertEquals(Optional.of("identifier.empty"), taxIds.forEntity("BR", "").failedRule());
    }

    @Test
    void everyTypeBelongsToExactlyOneOfTheSpecsRegistryCountries() {
        assertEquals(List.of(TaxIdType.NIT), TaxIdType.ofCountry("CO"));
        assertEquals(List.of(TaxIdType.CNPJ, TaxIdType.CPF), TaxIdType.ofCountry("BR"));
        assertEquals(List.of(TaxIdType.RFC), TaxIdType.ofCountry("MX"));
        assertEquals(List.of(TaxIdType.RUT), TaxIdType.ofCountry("CL"));
        assertEquals(List.of(TaxIdType.RUC), TaxIdType.ofCountry("PE"));
    }
}
