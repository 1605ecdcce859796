package dev.quipu.sanctions.api;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;

/**
 * Thresholds of the screening API (application.yml {@code quipu.matching}).
 *
 * @param threshold default match threshold when the request gives none
 * @param high      score from which a match is HIGH risk (block)
 * @param medium    score from which a match is MEDIUM risk (manual review); below it, LOW
 * @param limit     default maximum number of matches
 */
@ConfigurationProperties("quipu.matching")
public record MatchingSettings(@Bindable(defaultValue = "0.70") double threshold,
                               @Bindable(defaultValue = "0.95") double high,
                               @Bindable(defaultValue = "0.85") double medium,
                               @Bindable(defaultValue = "10") int limit) {
}
