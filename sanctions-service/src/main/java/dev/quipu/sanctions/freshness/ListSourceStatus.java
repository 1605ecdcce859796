package dev.quipu.sanctions.freshness;

import dev.quipu.sanctions.lists.ListId;
import io.micronaut.core.annotation.Nullable;

import java.time.Instant;

/**
 * The fetch history of one list since start.
 *
 * @param fetching    whether the list is fetched from its publisher at all (refresh on and a source set)
 * @param lastSuccess last fetch that served or confirmed a version
 * @param lastErrorAt when the latest failed or refused fetch happened, null after a success
 * @param nextAttempt when the next fetch is scheduled, null when not fetching
 */
public record ListSourceStatus(ListId list, boolean fetching, @Nullable Instant lastSuccess,
                               @Nullable Instant lastErrorAt, @Nullable String lastError,
                               @Nullable Instant nextAttempt, int failuresInARow) {

    public SourceMode mode() {
        if (lastSuccess == null) {
            return SourceMode.SNAPSHOT;
        }
        return lastErrorAt != null && lastErrorAt.isAfter(lastSuccess) ? SourceMode.STALE : SourceMode.LIVE;
    }
}
