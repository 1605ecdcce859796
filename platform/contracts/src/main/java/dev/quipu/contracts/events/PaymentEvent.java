package dev.quipu.contracts.events;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

/**
 * A payment lifecycle step on {@link Topics#PAYMENTS}, keyed by payer:
 * {@code claimed}, {@code settling}, {@code settled}, {@code failed}, {@code pending} or {@code released}.
 */
@Serdeable(naming = SnakeCaseStrategy.class)
public record PaymentEvent(String eventId, String occurredAt, String paymentId, String state, String payer,
                           String network, String amountAtomic, @Nullable String transaction,
                           @Nullable String reason) {
}
