package dev.quipu.payment.outbox;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;

import java.time.Duration;

/**
 * Outbox relay settings ({@code quipu.outbox.*}).
 *
 * @param batchSize   rows published per round
 * @param sendTimeout how long to wait for the broker's acknowledgement of one record
 */
@ConfigurationProperties("quipu.outbox")
public record OutboxConfig(@Bindable(defaultValue = "200") int batchSize,
                           @Bindable(defaultValue = "10s") Duration sendTimeout) {
}
