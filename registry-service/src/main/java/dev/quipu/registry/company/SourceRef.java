package dev.quipu.registry.company;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

import java.time.Instant;
import java.time.LocalDate;

/**
 * Where a part of the answer came from.
 *
 * @param id          the dataset or live source id that {@link CompanyRecord#fieldSources()} refers to
 * @param cutOff      the data's own cut-off date (the publisher's, not our load date)
 * @param retrievedAt when we fetched (live) or loaded (bulk) it
 * @param sourceMode  {@code live} (asked for this answer), {@code store} (the last live answer kept),
 *                    {@code bulk} (a loaded official file) or {@code snapshot} (a bundled sample file)
 * @param official    whether the publisher is the authority itself (false for a mirror of its data)
 */
@Serdeable(naming = SnakeCaseStrategy.class)
public record SourceRef(String id, String name, String publisher, String url, @Nullable LocalDate cutOff,
                        @Nullable String cutOffBasis, Instant retrievedAt, String sourceMode, boolean official,
                        @Nullable String sha256) {
}
