package dev.quipu.gateway.discovery;

import dev.quipu.contracts.pricebook.Operation;
import jakarta.inject.Singleton;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The x402 {@code bazaar} extension of an operation ({@code {info, schema}}): how to call it and what
 * it answers, so that facilitators and indexers can catalogue it. {@code schema} validates
 * {@code info}, as the extension requires.
 */
@Singleton
public class BazaarDescriptions {

    private final OperationSchemas schemas;

    public BazaarDescriptions(OperationSchemas schemas) {
        this.schemas = schemas;
    }

    public Map<String, Object> of(Operation op) {
        boolean body = op.takesBody();
        Map<String, Object> input = new LinkedHashMap<>();
        input.put("type", "http");
        input.put("method", op.method());
        Map<String, Object> inputSchema = new LinkedHashMap<>();
        inputSchema.put("type", Map.of("type", "string", "const", "http"));
        inputSchema.put("method", Map.of("type", "string", "enum", List.of(op.method())));
        if (body) {
            input.put("bodyType", "json");
            input.put("body", schemas.exampleInput(op));
            inputSchema.put("bodyType", Map.of("type", "string", "const", "json"));
            inputSchema.put("body", schemas.inputSchema(op));
        } else {
            input.put("queryParams", stringValues(schemas.exampleInput(op)));
            inputSchema.put("queryParams", schemas.inputSchema(op));
        }
        inputSchema.put("headers", Map.of("type", "object", "additionalProperties", Map.of("type", "string")));
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("input", input);
        info.put("output", Map.of("type", "json"));

        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("$schema", "https://json-schema.org/draft/2020-12/schema");
        schema.put("type", "object");
        schema.put("properties", Map.of(
                "input", Map.of("type", "object", "properties", inputSchema,
                        "required", body ? List.of("type", "method", "bodyType", "body") : List.of("type", "method")),
                "output", Map.of("type", "object",
                        "properties", Map.of("type", Map.of("type", "string", "const", "json"),
                                "example", schemas.outputSchema(op)),
                        "required", List.of("type"))));
        schema.put("required", List.of("input"));

        Map<String, Object> bazaar = new LinkedHashMap<>();
        bazaar.put("info", info);
        bazaar.put("schema", schema);
        return bazaar;
    }

    private static Map<String, Object> stringValues(Map<String, Object> example) {
        Map<String, Object> strings = new LinkedHashMap<>();
        example.forEach((k, v) -> strings.put(k, String.valueOf(v)));
        return strings;
    }
}
