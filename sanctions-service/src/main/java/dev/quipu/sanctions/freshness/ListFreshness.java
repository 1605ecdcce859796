package dev.quipu.sanctions.freshness;

import dev.quipu.sanctions.lists.ListVersion;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/** How fresh a serving list version is, as every answer and {@code /health} state it. */
@Singleton
public class ListFreshness {

    /**
     * @param ageSeconds seconds since the publisher's date (since the fetch when the file states no date)
     * @param stale      older than {@link StaleAfter} allows for this list
     */
    public record Freshness(SourceMode mode, long ageSeconds, boolean stale, Duration staleAfter) {
    }

    private final ListSources sources;
    private final StaleAfter staleAfter;
    private final Clock clock;

    public ListFreshness(ListSources sources, StaleAfter staleAfter, @Nullable Clock clock) {
        this.sources = sources;
        this.staleAfter = staleAfter;
        this.clock = clock == null ? Clock.systemUTC() : clock;
    }

    public Freshness of(ListVersion v) {
        Instant dated = v.publishedAt() != null ? v.publishedAt() : v.fetchedAt();
        long age = Math.max(0, Duration.between(dated, clock.instant()).toSeconds());
        Duration limit = staleAfter.of(v.list());
        return new Freshness(sources.status(v.list()).mode(), age, age > limit.toSeconds(), limit);
    }
}
