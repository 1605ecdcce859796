package dev.quipu.payment.x402;

import io.micronaut.json.JsonMapper;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Strict decoding of {@code PAYMENT-SIGNATURE} (v2) and {@code X-PAYMENT} (v1), and encoding of the
 * server's headers. Standard base64 with padding over UTF-8 JSON, as the reference SDK writes it;
 * anything else (URL-safe alphabet, bad padding, invalid UTF-8, non-object JSON, missing fields) is a
 * {@link Refusal}, never an exception that could become a 500.
 */
public final class PaymentHeaderCodec {

    private static final Pattern BASE64 = Pattern.compile("[A-Za-z0-9+/]*={0,2}");

    private final JsonMapper json;
    private final int maxHeaderChars;

    public PaymentHeaderCodec(JsonMapper json, int maxHeaderChars) {
        this.json = json;
        this.maxHeaderChars = maxHeaderChars;
    }

    public String encode(Map<String, Object> value) {
        return Base64.getEncoder().encodeToString(toJson(value).getBytes(StandardCharsets.UTF_8));
    }

    public String toJson(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (IOException e) {
            throw new IllegalStateException("cannot serialise a payment document", e);
        }
    }

    /** Decodes a v2 {@code PAYMENT-SIGNATURE} header. */
    public PaymentPayload decodeV2(String header) throws Refusal {
        Decoded decoded = decodeObject("PAYMENT-SIGNATURE", header);
        Map<String, Object> root = decoded.root();
        int version = version(root);
        if (version != 2) {
            throw new Refusal(Reasons.INVALID_VERSION, "PAYMENT-SIGNATURE carries x402Version 2 payloads (got "
                    + version + "); send a version 1 payload in X-PAYMENT instead");
        }
        PaymentRequirements accepted = requirements(object(root, "accepted", true));
        Map<String, Object> payload = object(root, "payload", true);
        Map<String, Object> extensions = object(root, "extensions", false);
        object(root, "resource", false);
        return new PaymentPayload(2, accepted, accepted.scheme(), accepted.network(), payload,
                extensions == null ? Map.of() : extensions, decoded.text());
    }

    /** Decodes a v1 {@code X-PAYMENT} header. */
    public PaymentPayload decodeV1(String header) throws Refusal {
        Decoded decoded = decodeObject("X-PAYMENT", header);
        Map<String, Object> root = decoded.root();
        int version = version(root);
        if (version != 1) {
            throw new Refusal(Reasons.INVALID_VERSION, "X-PAYMENT carries x402Version 1 payloads (got " + version
                    + "); send a version 2 payload in PAYMENT-SIGNATURE instead");
        }
        return new PaymentPayload(1, null, string(root, "scheme"), string(root, "network"),
                object(root, "payload", true), Map.of(), decoded.text());
    }

    private record Decoded(Map<String, Object> root, String text) {
    }

    private Decoded decodeObject(String headerName, String header) throws Refusal {
        if (header.length() > maxHeaderChars) {
            throw new Refusal(Reasons.HEADER_TOO_LARGE, headerName + " is " + header.length()
                    + " characters long; at most " + maxHeaderChars + " are accepted");
        }
        String trimmed = header.strip();
        if (trimmed.isEmpty() || trimmed.length() % 4 != 0 || !BASE64.matcher(trimmed).matches()) {
            throw new Refusal(Reasons.INVALID_PAYLOAD, headerName
                    + " is not standard base64 with padding (RFC 4648 alphabet A-Z a-z 0-9 + /)");
        }
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(trimmed);
        } catch (IllegalArgumentException e) {
            throw new Refusal(Reasons.INVALID_PAYLOAD, headerName + " is not valid base64: " + e.getMessage());
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new Refusal(Reasons.INVALID_PAYLOAD, headerName + " does not decode to UTF-8 text");
        }
        Object parsed;
        try {
            parsed = json.readValue(text, Object.class);
        } catch (IOException | RuntimeException e) {
            throw new Refusal(Reasons.INVALID_PAYLOAD, headerName + " does not decode to JSON");
        }
        if (!(parsed instanceof Map<?, ?>)) {
            throw new Refusal(Reasons.INVALID_PAYLOAD, headerName + " must decode to a JSON object");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> map = (Map<String, Object>) parsed;
        return new Decoded(map, text);
    }

    private static int version(Map<String, Object> root) throws Refusal {
        if (!(root.get("x402Version") instanceof Number n) || n.doubleValue() != Math.rint(n.doubleValue())) {
            throw new Refusal(Reasons.INVALID_VERSION, "x402Version is missing or not an integer");
        }
        return n.intValue();
    }

    static PaymentRequirements requirements(Map<String, Object> m) throws Refusal {
        if (!(m.get("maxTimeoutSeconds") instanceof Number timeout) || timeout.doubleValue() != Math.rint(timeout.doubleValue())) {
            throw new Refusal(Reasons.INVALID_PAYLOAD, "accepted.maxTimeoutSeconds is missing or not an integer");
        }
        Map<String, Object> extra = object(m, "extra", false);
        return new PaymentRequirements(string(m, "scheme"), string(m, "network"), string(m, "amount"),
                string(m, "asset"), string(m, "payTo"), timeout.intValue(), extra == null ? Map.of() : extra);
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> object(Map<String, Object> m, String name, boolean required) throws Refusal {
        Object v = m.get(name);
        if (v == null) {
            if (required) {
                throw new Refusal(Reasons.INVALID_PAYLOAD, "'" + name + "' is missing");
            }
            return null;
        }
        if (!(v instanceof Map<?, ?> map)) {
            throw new Refusal(Reasons.INVALID_PAYLOAD, "'" + name + "' must be a JSON object");
        }
        return new LinkedHashMap<>((Map<String, Object>) map);
    }

    static String string(Map<String, Object> m, String name) throws Refusal {
        if (!(m.get(name) instanceof String s) || s.isEmpty()) {
            throw new Refusal(Reasons.INVALID_PAYLOAD, "'" + name + "' is missing or not a non-empty string");
        }
        return s;
    }
}
