package dev.quipu.registry.taxid;

import dev.quipu.contracts.validation.ValidationError;
import dev.quipu.contracts.validation.ValidationErrorBody;

import java.util.List;
import java.util.Optional;

/**
 * Turns a failed check into the spec's 422 entries: {@code loc} names the body field the rule is about,
 * {@code type} is the rule's code (e.g. {@code nit.check_digit}) and {@code msg} its sentence. Warnings
 * never produce a 422.
 */
public final class TaxIdValidationErrors {

    private TaxIdValidationErrors() {
    }

    /** The entries for a request whose identifier field is called {@code identifier}. */
    public static List<ValidationError> of(TaxIdCheck check) {
        return of(check, "identifier");
    }

    /**
     * @param identifierField the body field holding the identifier where it is not {@code identifier}
     *                        (e.g. {@code entity_id} in {@code /compliance/report})
     */
    public static List<ValidationError> of(TaxIdCheck check, String identifierField) {
        return check.failure().map(f -> List.of(ValidationError.body(
                "identifier".equals(f.rule().field()) ? identifierField : f.rule().field(), f.message(), f.code())))
                .orElse(List.of());
    }

    /** The 422 body to answer with, or empty when the identifier is valid. */
    public static Optional<ValidationErrorBody> body(TaxIdCheck check) {
        List<ValidationError> errors = of(check);
        return errors.isEmpty() ? Optional.empty() : Optional.of(new ValidationErrorBody(errors));
    }
}
