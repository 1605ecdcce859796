package dev.quipu.registry.taxid;

import dev.quipu.contracts.pricebook.Operation;
import dev.quipu.contracts.validation.ValidationError;
import dev.quipu.runtime.InputRule;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.Map;

/**
 * {@code /entity} and {@code /registry} take a tax identifier: a malformed one, a wrong check digit or
 * an {@code id_type} of another country is a 422 naming the rule, before any source is asked.
 */
@Singleton
public class TaxIdInputRule implements InputRule {

    private final TaxIds taxIds;

    public TaxIdInputRule(TaxIds taxIds) {
        this.taxIds = taxIds;
    }

    @Override
    public List<ValidationError> check(Operation operation, Map<String, Object> fields) {
        String country = String.valueOf(fields.get("country"));
        String identifier = String.valueOf(fields.get("identifier"));
        return switch (operation.path()) {
            case "/entity" -> TaxIdValidationErrors.of(taxIds.forEntity(country, identifier));
            case "/registry" -> TaxIdValidationErrors.of(taxIds.forRegistry(country, String.valueOf(fields.get("id_type")),
                    identifier));
            default -> List.of();
        };
    }
}
