package dev.quipu.payment.streamaccess;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;

import java.time.Duration;

/**
 * The stream's trial ({@code quipu.payments.stream-trial.*}, e.g. env QUIPU_PAYMENTS_STREAM_TRIAL_EVENTS).
 *
 * @param events free {@code rates} events per client address per {@code window} (the spec's 3 per 24 h)
 * @param window the rolling window
 */
@ConfigurationProperties("quipu.payments.stream-trial")
public record StreamTrialConfig(@Bindable(defaultValue = "3") int events,
                                @Bindable(defaultValue = "24h") Duration window) {
}
