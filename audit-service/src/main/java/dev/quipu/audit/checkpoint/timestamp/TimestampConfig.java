package dev.quipu.audit.checkpoint.timestamp;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;

import java.time.Duration;
import java.util.List;

/**
 * RFC 3161 time-stamping of checkpoints ({@code quipu.audit.timestamp.*}).
 *
 * @param urls    TSA URLs tried in order until one answers with a valid token; empty: time-stamping is off
 * @param timeout connect and answer bound for each TSA
 */
@ConfigurationProperties("quipu.audit.timestamp")
public record TimestampConfig(@Nullable List<String> urls, @Nullable Duration timeout) {

    public List<String> tsaUrls() {
        return urls == null ? List.of() : urls.stream().map(String::strip).filter(u -> !u.isEmpty()).toList();
    }

    public Duration timeoutOrDefault() {
        return timeout == null ? Duration.ofSeconds(10) : timeout;
    }
}
