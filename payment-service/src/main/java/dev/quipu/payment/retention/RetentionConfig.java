package dev.quipu.payment.retention;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;

import java.time.Duration;

/**
 * How long payment-service keeps rows that have done their work ({@code quipu.payments.retention.*};
 * {@code interval}, the time between sweeps, is read by {@link RetentionSchedule}'s schedule).
 *
 * @param keepPublished how long a call or payment event stays in its outbox after the broker took it
 *                      (audit-service and reputation-service hold their own copies by then)
 * @param keepExpired   how long a stream token stays after it expired
 * @param batchSize     rows deleted per statement, so that a sweep never holds long locks
 */
@ConfigurationProperties("quipu.payments.retention")
public record RetentionConfig(@Bindable(defaultValue = "7d") Duration keepPublished,
                              @Bindable(defaultValue = "1d") Duration keepExpired,
                              @Bindable(defaultValue = "5000") int batchSize) {
}
