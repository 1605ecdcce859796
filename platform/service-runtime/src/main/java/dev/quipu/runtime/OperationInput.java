package dev.quipu.runtime;

import dev.quipu.contracts.pricebook.Operation;
import dev.quipu.contracts.validation.RequestValidator;
import dev.quipu.contracts.validation.ValidationError;
import dev.quipu.contracts.validation.ValidationErrorBody;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Parses and validates the input of a price-book operation in one step, for the gateway and for
 * each service (which validates again: it can be called directly).
 */
@Singleton
public class OperationInput {

    private final JsonRequests json;
    private final RequestValidator validator;
    private final List<InputRule> rules;

    public OperationInput(JsonRequests json, RequestValidator validator, List<InputRule> rules) {
        this.json = json;
        this.validator = validator;
        this.rules = List.copyOf(rules);
    }

    /** The outcome: either the parsed body, or the 422 body to answer with. */
    public record Checked(Object body, ValidationErrorBody errors) {
        public boolean valid() {
            return errors == null;
        }

        @SuppressWarnings("unchecked")
        public Map<String, Object> fields() {
            return body instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
        }
    }

    public Checked check(Operation operation, byte[] body, Map<String, String> query) {
        Object parsed = null;
        if (operation.takesBody()) {
            try {
                parsed = json.parse(body);
            } catch (JsonRequests.MalformedJson e) {
                return new Checked(null, e.toBody());
            }
        }
        List<ValidationError> errors = new ArrayList<>(validator.validate(operation, parsed, query));
        if (errors.isEmpty() && parsed instanceof Map<?, ?>) {
            @SuppressWarnings("unchecked")
            Map<String, Object> fields = (Map<String, Object>) parsed;
            for (InputRule rule : rules) {
                errors.addAll(rule.check(operation, fields));
            }
        }
        return errors.isEmpty() ? new Checked(parsed, null) : new Checked(parsed, new ValidationErrorBody(errors));
    }
}
