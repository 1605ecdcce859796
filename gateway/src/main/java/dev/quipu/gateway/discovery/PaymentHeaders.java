package dev.quipu.gateway.discovery;

import dev.quipu.runtime.JsonRequests;
import jakarta.inject.Singleton;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;

/**
 * The x402 v2 HTTP headers carry JSON objects in base64 ({@code PAYMENT-REQUIRED},
 * {@code PAYMENT-SIGNATURE}, {@code PAYMENT-RESPONSE}); this reads and writes them.
 */
@Singleton
public class PaymentHeaders {

    public static final String PAYMENT_REQUIRED = "PAYMENT-REQUIRED";
    public static final String PAYMENT_SIGNATURE = "PAYMENT-SIGNATURE";
    public static final String PAYMENT_RESPONSE = "PAYMENT-RESPONSE";

    private final JsonRequests json;

    public PaymentHeaders(JsonRequests json) {
        this.json = json;
    }

    /** The JSON object inside a base64 header value, or empty when it is not one. */
    @SuppressWarnings("unchecked")
    public Optional<Map<String, Object>> decode(String headerValue) {
        if (headerValue == null || headerValue.isBlank()) {
            return Optional.empty();
        }
        try {
            byte[] raw = Base64.getDecoder().decode(headerValue.trim());
            Object parsed = json.parse(raw);
            return parsed instanceof Map<?, ?> m ? Optional.of((Map<String, Object>) m) : Optional.empty();
        } catch (IllegalArgumentException | JsonRequests.MalformedJson e) {
            return Optional.empty();
        }
    }

    /** A JSON value as a base64 header value. */
    public String encode(Object value) {
        return Base64.getEncoder().encodeToString(json.write(value));
    }

    public static String utf8(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
