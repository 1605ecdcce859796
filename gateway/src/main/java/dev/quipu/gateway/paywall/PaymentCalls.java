package dev.quipu.gateway.paywall;

import dev.quipu.contracts.events.CallCompleted;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;

/** The requests the paywall sends to payment-service's internal payments API. */
public final class PaymentCalls {

    private PaymentCalls() {
    }

    @Serdeable
    public record Admit(String operationId, String resourceUrl, String clientIp, @Nullable String paymentSignature,
                        @Nullable String xPayment, @Nullable String xTrial, @Nullable String agentId,
                        String requestHash, @Nullable Integer discountPct) {
    }

    @Serdeable
    public record Complete(String ticket, boolean reached, int status, @Nullable String contentType,
                           @Nullable String bodyBase64, CallCompleted event) {
    }
}
