package dev.quipu.registry.store;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

import java.time.Instant;
import java.time.LocalDate;

/** One bulk load of one dataset file, as {@code registry_loads} keeps it. */
@Serdeable(naming = SnakeCaseStrategy.class)
public record LoadRecord(long id, String country, String dataset, String sourceUrl, String origin, String sha256,
                         @Nullable LocalDate cutOff, @Nullable String cutOffBasis, String state, long position,
                         long rowsLoaded, long rowsSkipped, Instant startedAt, @Nullable Instant finishedAt,
                         @Nullable String error) {

    public static final String LOADING = "loading";
    public static final String COMPLETE = "complete";
    public static final String SUPERSEDED = "superseded";
    public static final String FAILED = "failed";

    public static final String BUNDLED = "bundled";
    public static final String FILE = "file";
    public static final String URL = "url";

    public boolean complete() {
        return COMPLETE.equals(state);
    }
}
