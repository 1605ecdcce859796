package dev.quipu.payment.x402;

import dev.quipu.proof.Network;
import dev.quipu.contracts.pricebook.InputField;
import dev.quipu.contracts.pricebook.Operation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds what a 402 carries: the v2 {@code PaymentRequired} (header) and the v1 body, from the price
 * book. The result depends only on the operation, the amount and configuration, so the requirement
 * a client signs is exactly the one this server rebuilds when the paid retry arrives.
 */
public final class ChallengeBuilder {

    /** Where the two accepted networks come from (configuration, and the facilitator's fee payer). */
    public interface Accepts {
        Network evmNetwork();

        String evmPayTo();

        Network solanaNetwork();

        String solanaPayTo();

        /** The Solana fee payer to advertise, or null when none is known (then Solana is not offered). */
        String solanaFeePayer();

        int maxTimeoutSeconds();
    }

    private final Accepts accepts;

    public ChallengeBuilder(Accepts accepts) {
        this.accepts = accepts;
    }

    /** The requirements for one call of {@code op} at {@code amountAtomic}: Base first, then Solana. */
    public List<PaymentRequirements> requirements(Operation op, long amountAtomic) {
        List<PaymentRequirements> list = new ArrayList<>();
        Network evm = accepts.evmNetwork();
        Map<String, Object> evmExtra = new LinkedHashMap<>();
        evmExtra.put("name", evm.tokenName());
        evmExtra.put("version", evm.tokenVersion());
        list.add(new PaymentRequirements("exact", evm.caip2(), Long.toString(amountAtomic), evm.usdc(),
                accepts.evmPayTo(), accepts.maxTimeoutSeconds(), evmExtra));
        String feePayer = accepts.solanaFeePayer();
        if (feePayer != null && accepts.solanaPayTo() != null) {
            Network sol = accepts.solanaNetwork();
            list.add(new PaymentRequirements("exact", sol.caip2(), Long.toString(amountAtomic), sol.usdc(),
                    accepts.solanaPayTo(), accepts.maxTimeoutSeconds(), ordered("feePayer", feePayer)));
        }
        return list;
    }

    /** The v2 PaymentRequired document. */
    public Map<String, Object> paymentRequired(Operation op, String resourceUrl, List<PaymentRequirements> reqs,
                                               String error) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("x402Version", 2);
        doc.put("error", error);
        doc.put("resource", resource(op, resourceUrl));
        doc.put("accepts", reqs.stream().map(PaymentRequirements::toWire).toList());
        Map<String, Object> extensions = new LinkedHashMap<>();
        extensions.put("bazaar", bazaar(op));
        extensions.put("payment-identifier", paymentIdentifier());
        doc.put("extensions", extensions);
        return doc;
    }

    /** The v1 body ({@code PaymentRequirementsResponse}) served on the same 402 for v1-only clients. */
    public Map<String, Object> v1Body(Operation op, String resourceUrl, List<PaymentRequirements> reqs, String error,
                                      String reason) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("x402Version", 1);
        body.put("error", error);
        body.put("reason", reason);
        List<Map<String, Object>> v1 = new ArrayList<>();
        for (PaymentRequirements r : reqs) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("scheme", r.scheme());
            m.put("network", Network.byCaip2(r.network()).map(Network::v1Name).orElse(r.network()));
            m.put("maxAmountRequired", r.amount());
            m.put("resource", resourceUrl);
            m.put("description", op.description());
            m.put("mimeType", "application/json");
            m.put("payTo", r.payTo());
            m.put("maxTimeoutSeconds", r.maxTimeoutSeconds());
            m.put("asset", r.asset());
            m.put("outputSchema", ordered("input", bazaarInput(op), "output", ordered("type", "json")));
            m.put("extra", r.extra());
            v1.add(m);
        }
        body.put("accepts", v1);
        return body;
    }

    /** A map that iterates in the order given, so that every instance writes the same bytes. */
    static Map<String, Object> ordered(Object... keysAndValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return m;
    }

    private static Map<String, Object> resource(Operation op, String url) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("url", url);
        r.put("description", op.description());
        r.put("mimeType", "application/json");
        return r;
    }

    private static Map<String, Object> paymentIdentifier() {
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("$schema", "https://json-schema.org/draft/2020-12/schema");
        schema.put("type", "object");
        schema.put("properties", ordered("required", ordered("type", "boolean"),
                "id", ordered("type", "string", "pattern", "^[A-Za-z0-9_-]{16,128}$")));
        schema.put("required", List.of("required"));
        Map<String, Object> ext = new LinkedHashMap<>();
        ext.put("info", ordered("required", false));
        ext.put("schema", schema);
        return ext;
    }

    /** {@code extensions.bazaar}: how to call the route and what it returns, from the price book. */
    static Map<String, Object> bazaar(Operation op) {
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("input", bazaarInput(op));
        Map<String, Object> output = new LinkedHashMap<>();
        output.put("type", "json");
        Map<String, Object> example = new LinkedHashMap<>();
        op.output().forEach(name -> example.put(name, null));
        output.put("example", example);
        info.put("output", output);

        Map<String, Object> inputSchema = new LinkedHashMap<>();
        inputSchema.put("type", "object");
        Map<String, Object> inputProps = new LinkedHashMap<>();
        inputProps.put("type", ordered("type", "string", "const", "http"));
        inputProps.put("method", ordered("type", "string", "enum", List.of(op.method())));
        if (op.takesBody()) {
            inputProps.put("bodyType", ordered("type", "string", "const", "json"));
            inputProps.put("body", fieldsSchema(op, InputField.Location.BODY));
        }
        if (op.input().stream().anyMatch(f -> f.in() == InputField.Location.QUERY)) {
            inputProps.put("queryParams", fieldsSchema(op, InputField.Location.QUERY));
        }
        inputSchema.put("properties", inputProps);
        inputSchema.put("required", List.of("type", "method"));
        Map<String, Object> outputSchema = new LinkedHashMap<>();
        outputSchema.put("type", "object");
        outputSchema.put("properties", ordered("type", ordered("type", "string"), "example", ordered("type", "object")));
        outputSchema.put("required", List.of("type"));
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("$schema", "https://json-schema.org/draft/2020-12/schema");
        schema.put("type", "object");
        schema.put("properties", ordered("input", inputSchema, "output", outputSchema));
        schema.put("required", List.of("input"));

        Map<String, Object> bazaar = new LinkedHashMap<>();
        bazaar.put("info", info);
        bazaar.put("schema", schema);
        return bazaar;
    }

    private static Map<String, Object> bazaarInput(Operation op) {
        Map<String, Object> input = new LinkedHashMap<>();
        input.put("type", "http");
        input.put("method", op.method());
        if (op.takesBody()) {
            input.put("bodyType", "json");
            input.put("body", example(op, InputField.Location.BODY));
        }
        if (op.input().stream().anyMatch(f -> f.in() == InputField.Location.QUERY)) {
            input.put("queryParams", example(op, InputField.Location.QUERY));
        }
        return input;
    }

    /** One example value per required field (an allowed value or the default), as bazaar's {@code info}. */
    private static Map<String, Object> example(Operation op, InputField.Location in) {
        Map<String, Object> ex = new LinkedHashMap<>();
        for (InputField f : op.input()) {
            if (f.in() != in || !f.required() && f.defaultValue() == null) {
                continue;
            }
            ex.put(f.name(), f.defaultValue() != null ? f.defaultValue()
                    : !f.allowed().isEmpty() ? f.allowed().get(0) : "<" + f.name() + ">");
        }
        return ex;
    }

    private static Map<String, Object> fieldsSchema(Operation op, InputField.Location in) {
        Map<String, Object> props = new LinkedHashMap<>();
        List<String> required = new ArrayList<>();
        for (InputField f : op.input()) {
            if (f.in() != in) {
                continue;
            }
            Map<String, Object> p = new LinkedHashMap<>();
            p.put("type", f.type().jsonName());
            p.put("description", f.description());
            if (!f.allowed().isEmpty()) {
                if (f.type() == dev.quipu.contracts.pricebook.FieldType.ARRAY) {
                    p.put("items", ordered("type", "string", "enum", f.allowed()));
                } else {
                    p.put("enum", f.allowed());
                }
            }
            if (f.pattern() != null) {
                p.put("pattern", "^" + f.pattern() + "$");
            }
            if (f.minimum() != null) {
                p.put("minimum", f.minimum());
            }
            if (f.maximum() != null) {
                p.put("maximum", f.maximum());
            }
            if (f.maxLength() != null) {
                p.put(f.type() == dev.quipu.contracts.pricebook.FieldType.ARRAY ? "maxItems" : "maxLength", f.maxLength());
            }
            props.put(f.name(), p);
            if (f.required()) {
                required.add(f.name());
            }
        }
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("properties", props);
        schema.put("required", required);
        return schema;
    }
}
