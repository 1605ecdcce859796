package dev.quipu.registry.taxid;

import dev.quipu.contracts.validation.ValidationError;
import dev.quipu.contracts.validation.ValidationErrorBody;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A failed check becomes the spec's 422 entry: the field in loc, the rule's code in type, its sentence in msg. */
class TaxIdValidationErrorsTest {

    private final TaxIds taxIds = new TaxIds();

    @Test
    void aCheckDigitFailureNamesTheIdentifierFieldAndTheRule() {
        TaxIdCheck check = taxIds.forRegistry("CO", "nit", "899999068-2");
        assertEquals(List.of(new ValidationError(List.of("body", "identifier"), check.failure().get().message(),
                "nit.check_digit")), TaxIdValidationErrors.of(check));
    }

    @Test
    void aCountryMismatchNamesTheIdTypeField() {
        List<ValidationError> errors = TaxIdValidationErrors.of(taxIds.forRegistry("CO", "rfc", "SAT970701NN3"));
        assertEquals(List.<Object>of("body", "id_type"), errors.get(0).loc());
        assertEquals("id_type.country", errors.get(0).type());
    }

    @Test
    void anUnsupportedCountryNamesTheCountryField() {
        List<ValidationError> errors = TaxIdValidationErrors.of(taxIds.forEntity("AR", "30-50001091-2"));
        assertEquals(List.<Object>of("body", "country"), errors.get(0).loc());
    }

    @Test
    void theIdentifierFieldCanBeCalledOtherwise() {
        List<ValidationError> errors = TaxIdValidationErrors.of(taxIds.forEntity("PE", "20512333798"), "entity_id");
        assertEquals(List.<Object>of("body", "entity_id"), errors.get(0).loc());
        assertEquals("ruc.check_digit", errors.get(0).type());
    }

    @Test
    void aValidIdentifierGivesNoErrors() {
        TaxIdCheck check = taxIds.forRegistry("PE", "ruc", "20131312955");
        assertEquals(List.of(), TaxIdValidationErrors.of(check));
        assertEquals(Optional.empty(), TaxIdValidationErrors.body(check));
    }

    @Test
    void warningsGiveNoErrors() {
        TaxIdCheck check = taxIds.forRegistry("MX", "rfc", "VACE460910SX6");
        assertEquals(Optional.empty(), TaxIdValidationErrors.body(check));
    }

    @Test
    void theBodyIsTheSpecsDetailArray() {
        TaxIdCheck check = taxIds.forRegistry("BR", "cnpj", "123");
        assertEquals(Optional.of(new ValidationErrorBody(TaxIdValidationErrors.of(check))), TaxIdValidationErrors.body(check));
        assertEquals("cnpj.length", TaxIdValidationErrors.body(check).get().detail().get(0).type());
    }
}
