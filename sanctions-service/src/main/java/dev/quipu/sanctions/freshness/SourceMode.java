package dev.quipu.sanctions.freshness;

import java.util.Locale;

/**
 * Where the serving version of a list comes from, as answers and {@code /health} say it
 * ({@code source_mode}).
 */
public enum SourceMode {
    /** confirmed by the latest fetch from the publisher's official URL */
    LIVE,
    /** the bundled snapshot: no fetch has succeeded since start (or fetching is off) */
    SNAPSHOT,
    /** a version fetched live earlier, kept because the latest fetch failed or was refused */
    STALE;

    public String apiName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
