package dev.quipu.payment.admission;

import dev.quipu.contracts.events.CallCompleted;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;

/**
 * The gateway's report once the backend answered ({@code POST /internal/payments/complete}).
 * Idempotent on {@code ticket}: a retry gets the same answer and settles nothing twice.
 *
 * @param reached    whether the backend answered at all
 * @param status     the backend's status
 * @param bodyBase64 the backend's body (kept for payment-identifier replays), base64
 * @param event      the call event, made durable with the settlement
 */
@Serdeable
public record CompleteRequest(String ticket, boolean reached, int status, @Nullable String contentType,
                              @Nullable String bodyBase64, CallCompleted event) {

    public boolean succeeded() {
        return reached && status >= 200 && status < 300;
    }
}
