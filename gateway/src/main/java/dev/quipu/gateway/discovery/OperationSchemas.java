package dev.quipu.gateway.discovery;

import dev.quipu.contracts.pricebook.FieldType;
import dev.quipu.contracts.pricebook.InputField;
import dev.quipu.contracts.pricebook.Operation;
import dev.quipu.contracts.pricebook.PriceBook;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON Schemas (draft 2020-12) of an operation's input and output, and an example input, derived
 * from the price book only: MCP tools, OpenAPI, the bazaar descriptions and the demo all use these,
 * so what they advertise is what the gateway validates.
 */
@Singleton
public class OperationSchemas {

    /** Example values for fields whose rules alone do not suggest a realistic one. */
    private static final Map<String, Object> EXAMPLES = Map.ofEntries(
            Map.entry("name", "Ecopetrol S.A."),
            Map.entry("identifier", "899999068"),
            Map.entry("entity_id", "899999068"),
            Map.entry("sector", "fintech"),
            Map.entry("query", "Payments regulation for fintechs"),
            Map.entry("wallet", "0x8576acc5c05d6ce88f4e49bf65bdf0c62f91353c"),
            Map.entry("scheme_version", "1"),
            Map.entry("agent_id", "demo-agent"));

    /** The input of {@code op} as one JSON object: body fields, or query parameters when it takes no body. */
    public Map<String, Object> inputSchema(Operation op) {
        Map<String, Object> properties = new LinkedHashMap<>();
        List<String> required = new ArrayList<>();
        for (InputField field : op.input()) {
            properties.put(field.name(), fieldSchema(field));
            if (field.required()) {
                required.add(field.name());
            }
        }
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("properties", properties);
        if (!required.isEmpty()) {
            schema.put("required", required);
        }
        return schema;
    }

    /** The schema of one field, with every rule the validator applies. */
    public Map<String, Object> fieldSchema(InputField field) {
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", field.type().jsonName());
        schema.put("description", field.description());
        if (field.type() == FieldType.ARRAY) {
            Map<String, Object> items = new LinkedHashMap<>();
            if (!field.allowed().isEmpty()) {
                items.put("type", "string");
                items.put("enum", field.allowed());
            }
            if (field.pattern() != null) {
                items.put("type", "string");
                items.put("pattern", anchored(field.pattern()));
            }
            schema.put("items", items);
            if (field.maxLength() != null) {
                schema.put("maxItems", field.maxLength());
            }
        } else {
            if (!field.allowed().isEmpty()) {
                schema.put("enum", field.allowed());
            }
            if (field.pattern() != null) {
                schema.put("pattern", anchored(field.pattern()));
            }
            if (field.maxLength() != null) {
                schema.put("maxLength", field.maxLength());
            }
        }
        if (field.minimum() != null) {
            schema.put("minimum", number(field.type(), field.minimum()));
        }
        if (field.maximum() != null) {
            schema.put("maximum", number(field.type(), field.maximum()));
        }
        if (field.defaultValue() != null) {
            schema.put("default", field.defaultValue());
        }
        return schema;
    }

    /**
     * The result's top-level names (the spec fixes only those, not their types), so any value is
     * accepted under each name and other names may appear.
     */
    public Map<String, Object> outputSchema(Operation op) {
        Map<String, Object> properties = new LinkedHashMap<>();
        for (String name : op.output()) {
            properties.put(name, Map.of("description", "Result field " + name + " (see the specification)"));
        }
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("properties", properties);
        return schema;
    }

    /** A valid input: every required field with a plausible value. */
    public Map<String, Object> exampleInput(Operation op) {
        Map<String, Object> example = new LinkedHashMap<>();
        for (InputField field : op.input()) {
            if (field.required()) {
                example.put(field.name(), exampleValue(field));
            }
        }
        return example;
    }

    private static Object exampleValue(InputField field) {
        if (!field.allowed().isEmpty()) {
            return field.type() == FieldType.ARRAY ? List.of(field.allowed().get(0)) : field.allowed().get(0);
        }
        if (field.defaultValue() != null) {
            return field.defaultValue();
        }
        if (PriceBook.ISO_COUNTRY_PATTERN.equals(field.pattern())) {
            return "CO";
        }
        if (PriceBook.PARTIAL_DATE_PATTERN.equals(field.pattern())) {
            return "1980";
        }
        Object known = EXAMPLES.get(field.name());
        if (known != null) {
            return known;
        }
        return switch (field.type()) {
            case STRING -> "example";
            case INTEGER -> field.minimum() == null ? 1 : field.minimum().longValue();
            case NUMBER -> field.minimum() == null ? 0.5 : field.minimum();
            case BOOLEAN -> true;
            case ARRAY -> List.of();
            case OBJECT -> Map.of();
        };
    }

    private static Object number(FieldType type, double value) {
        return type == FieldType.INTEGER ? (Object) (long) value : (Object) value;
    }

    /** The validator matches patterns in full; JSON Schema patterns are unanchored searches. */
    private static String anchored(String pattern) {
        return "^(?:" + pattern + ")$";
    }
}
