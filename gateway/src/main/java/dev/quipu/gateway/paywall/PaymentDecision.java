package dev.quipu.gateway.paywall;

import dev.quipu.contracts.events.CallCompleted;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;

import java.util.Map;

/**
 * payment-service's answer ({@code /internal/payments/admit} and {@code /complete}): {@code admit},
 * {@code deliver} (with headers) or {@code respond} (status, headers, base64 body).
 */
@Serdeable
public record PaymentDecision(String decision, @Nullable String access, @Nullable String payer, long chargedAtomic,
                              @Nullable CallCompleted.PaymentRef paymentRef, @Nullable String ticket, int status,
                              @Nullable Map<String, String> headers, @Nullable String contentType,
                              @Nullable String bodyBase64) {

    public Map<String, String> headersOrEmpty() {
        return headers == null ? Map.of() : headers;
    }
}
