package dev.quipu.gateway.stream;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;

import java.time.Duration;

/**
 * Settings of {@code GET /rates/stream} ({@code quipu.gateway.stream.*}).
 *
 * @param maxEventsLimit the largest {@code max_events} a caller may ask for (one token buys one stream of
 *                       at most this many {@code rates} events)
 * @param heartbeat      how often an SSE comment is sent, so that proxies keep an idle stream open
 * @param feedEnabled    whether this instance reads {@code quipu.rates.v1} (off only in tests without a broker)
 * @param feedPoll       how long one poll of the topic waits
 */
@ConfigurationProperties("quipu.gateway.stream")
public record StreamConfig(@Bindable(defaultValue = "100") int maxEventsLimit,
                           @Bindable(defaultValue = "15s") Duration heartbeat,
                           @Bindable(defaultValue = "true") boolean feedEnabled,
                           @Bindable(defaultValue = "500ms") Duration feedPoll) {
}
