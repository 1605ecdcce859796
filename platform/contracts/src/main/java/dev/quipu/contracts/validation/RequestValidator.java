package dev.quipu.contracts.validation;

import dev.quipu.contracts.pricebook.InputField;
import dev.quipu.contracts.pricebook.Operation;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Checks a parsed request against an operation's input fields and lists every problem at once, in
 * the order of the fields. Unknown fields are ignored (documented in docs/api.md): agents built for a
 * newer revision keep working, and a misspelt required field still shows up as missing.
 */
public final class RequestValidator {

    private final Map<String, Pattern> patterns = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * @param body  the parsed JSON body ({@code null} when the operation takes none or none was sent)
     * @param query the query parameters
     */
    public List<ValidationError> validate(Operation operation, Object body, Map<String, String> query) {
        List<ValidationError> errors = new ArrayList<>();
        if (operation.takesBody()) {
            if (body == null) {
                errors.add(new ValidationError(List.of("body"), "Field required", "missing"));
                return errors;
            }
            if (!(body instanceof Map<?, ?>)) {
                errors.add(new ValidationError(List.of("body"),
                        "Input should be a valid dictionary or object to extract fields from", "model_attributes_type"));
                return errors;
            }
        }
        Map<?, ?> fields = body instanceof Map<?, ?> m ? m : Map.of();
        for (InputField field : operation.input()) {
            Object value = field.in() == InputField.Location.BODY ? fields.get(field.name()) : query.get(field.name());
            String where = field.in() == InputField.Location.BODY ? "body" : "query";
            if (value == null) {
                if (field.required()) {
                    errors.add(new ValidationError(List.of(where, field.name()), "Field required", "missing"));
                }
                continue;
            }
            check(field, value, List.of(where, field.name()), errors);
        }
        return errors;
    }

    private void check(InputField field, Object value, List<Object> loc, List<ValidationError> errors) {
        switch (field.type()) {
            case STRING -> checkString(field, value, loc, errors);
            case INTEGER -> checkNumber(field, value, loc, errors, true);
            case NUMBER -> checkNumber(field, value, loc, errors, false);
            case BOOLEAN -> {
                if (!(value instanceof Boolean)) {
                    errors.add(new ValidationError(loc, "Input should be a valid boolean", "bool_type"));
                }
            }
            case OBJECT -> {
                if (!(value instanceof Map<?, ?>)) {
                    errors.add(new ValidationError(loc, "Input should be a valid dictionary", "dict_type"));
                }
            }
            case ARRAY -> checkArray(field, value, loc, errors);
        }
    }

    private void checkString(InputField field, Object value, List<Object> loc, List<ValidationError> errors) {
        if (!(value instanceof String s)) {
            errors.add(new ValidationError(loc, "Input should be a valid string", "string_type"));
            return;
        }
        if (field.required() && s.isBlank()) {
            errors.add(new ValidationError(loc, "String should have at least 1 non-blank character", "string_too_short"));
            return;
        }
        checkStringRules(field, s, loc, errors, true);
    }

    /** @param ownLength whether {@code maxLength} limits this string (for array items it limits the item count) */
    private void checkStringRules(InputField field, String s, List<Object> loc, List<ValidationError> errors,
                                  boolean ownLength) {
        if (!field.allowed().isEmpty() && !field.allowed().contains(s)) {
            errors.add(new ValidationError(loc, "Input should be " + alternatives(field.allowed()), "literal_error"));
        } else if (ownLength && field.maxLength() != null && s.length() > field.maxLength()) {
            errors.add(new ValidationError(loc, "String should have at most " + field.maxLength() + " characters",
                    "string_too_long"));
        } else if (field.pattern() != null && !pattern(field.pattern()).matcher(s).matches()) {
            errors.add(new ValidationError(loc, "String should match pattern '" + field.pattern() + "'",
                    "string_pattern_mismatch"));
        }
    }

    private void checkNumber(InputField field, Object value, List<Object> loc, List<ValidationError> errors,
                             boolean integral) {
        BigDecimal number = asNumber(value);
        if (number == null) {
            errors.add(integral
                    ? new ValidationError(loc, "Input should be a valid integer", "int_type")
                    : new ValidationError(loc, "Input should be a valid number", "float_type"));
            return;
        }
        if (integral && number.stripTrailingZeros().scale() > 0) {
            errors.add(new ValidationError(loc, "Input should be a valid integer, got a number with a fractional part",
                    "int_from_float"));
            return;
        }
        if (field.minimum() != null && number.compareTo(BigDecimal.valueOf(field.minimum())) < 0) {
            errors.add(new ValidationError(loc, "Input should be greater than or equal to " + plain(field.minimum()),
                    "greater_than_equal"));
        } else if (field.maximum() != null && number.compareTo(BigDecimal.valueOf(field.maximum())) > 0) {
            errors.add(new ValidationError(loc, "Input should be less than or equal to " + plain(field.maximum()),
                    "less_than_equal"));
        }
    }

    private void checkArray(InputField field, Object value, List<Object> loc, List<ValidationError> errors) {
        if (!(value instanceof List<?> items)) {
            errors.add(new ValidationError(loc, "Input should be a valid list", "list_type"));
            return;
        }
        if (field.maxLength() != null && items.size() > field.maxLength()) {
            errors.add(new ValidationError(loc, "List should have at most " + field.maxLength() + " items",
                    "too_long"));
            return;
        }
        if (field.allowed().isEmpty() && field.pattern() == null) {
            return;
        }
        for (int i = 0; i < items.size(); i++) {
            List<Object> itemLoc = new ArrayList<>(loc);
            itemLoc.add(i);
            if (!(items.get(i) instanceof String s)) {
                errors.add(new ValidationError(itemLoc, "Input should be a valid string", "string_type"));
            } else {
                checkStringRules(field, s, itemLoc, errors, false);
            }
        }
    }

    /** Query parameters arrive as text; integers and numbers are parsed before the same checks. */
    private static BigDecimal asNumber(Object value) {
        if (value instanceof BigDecimal d) {
            return d;
        }
        if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
            return BigDecimal.valueOf(((Number) value).longValue());
        }
        if (value instanceof BigInteger i) {
            return new BigDecimal(i);
        }
        if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            return Double.isFinite(d) ? BigDecimal.valueOf(d) : null;
        }
        if (value instanceof String s) {
            try {
                return new BigDecimal(s.trim());
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }

    private Pattern pattern(String regex) {
        return patterns.computeIfAbsent(regex, Pattern::compile);
    }

    private static String alternatives(List<String> allowed) {
        List<String> quoted = allowed.stream().map(v -> "'" + v + "'").collect(Collectors.toList());
        if (quoted.size() == 1) {
            return quoted.get(0);
        }
        return String.join(", ", quoted.subList(0, quoted.size() - 1)) + " or " + quoted.get(quoted.size() - 1);
    }

    private static String plain(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }

    /** Checks that an agent id has the suite's syntax, wherever it appears (path, header). */
    public static boolean isValidAgentId(String agentId) {
        return agentId != null && agentId.matches(dev.quipu.contracts.pricebook.PriceBook.AGENT_ID_PATTERN);
    }

}
