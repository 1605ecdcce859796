package dev.quipu.contracts.events;

import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

/** A sanctions list version went live, on {@link Topics#LISTS} keyed by list id. */
@Serdeable(naming = SnakeCaseStrategy.class)
public record ListVersionChanged(String eventId, String listId, String version, String sha256, String publishedAt,
                                 int entities, int added, int removed, int changed) {
}
