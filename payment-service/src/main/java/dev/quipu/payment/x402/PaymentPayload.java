package dev.quipu.payment.x402;

import io.micronaut.core.annotation.Nullable;

import java.util.Map;

/**
 * A decoded payment header. For v2 ({@code PAYMENT-SIGNATURE}) {@code accepted} is the requirement
 * the client chose; for v1 ({@code X-PAYMENT}) only {@code scheme} and {@code network} (a v1 name)
 * are given and the server picks the matching requirement.
 *
 * @param json the decoded JSON text, kept for fingerprints and for facilitators
 */
public record PaymentPayload(int x402Version, @Nullable PaymentRequirements accepted, String scheme, String network,
                             Map<String, Object> payload, Map<String, Object> extensions, String json) {

    /** The EIP-3009 authorization, or null when the payload carries none (e.g. Solana). */
    @SuppressWarnings("unchecked")
    public Map<String, Object> authorization() {
        return payload.get("authorization") instanceof Map<?, ?> m ? (Map<String, Object>) m : null;
    }

    public String signature() {
        return payload.get("signature") instanceof String s ? s : null;
    }

    public String transaction() {
        return payload.get("transaction") instanceof String s ? s : null;
    }

    /** The {@code payment-identifier} extension's id, when the client sent one. */
    public String paymentIdentifier() {
        if (extensions.get("payment-identifier") instanceof Map<?, ?> ext && ext.get("info") instanceof Map<?, ?> info
                && info.get("id") instanceof String id) {
            return id;
        }
        return null;
    }
}
