package dev.quipu.sanctions.refresh;

import dev.quipu.sanctions.lists.ListId;
import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;

import java.time.Duration;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The scheduled list refresh (application.yml {@code quipu.lists.refresh}). Each list's sources are
 * {@code file=url} pairs separated by commas, the file named as {@link dev.quipu.sanctions.lists.ListReader}
 * expects ({@code sdn.csv=https://...,alt.csv=https://...}); an empty value leaves that list on its
 * bundled snapshot.
 *
 * @param enabled           on by default: lists are fetched live, the bundled snapshots are the floor
 * @param initialDelay      first fetch after start (in the background)
 * @param retryAfterFailure first retry after a failed fetch; doubled at each further failure, up to the interval
 * @param connectTimeout    short, so that a machine without network fails fast
 * @param timeout           a whole download (the SDN Advanced XML is ~120 MB)
 * @param maxChange         largest relative change of the entity count accepted without force (0.2 = ±20 %)
 */
@ConfigurationProperties("quipu.lists.refresh")
public record RefreshSettings(@Bindable(defaultValue = "true") boolean enabled,
                              @Bindable(defaultValue = "0s") Duration initialDelay,
                              @Bindable(defaultValue = "4h") Duration interval,
                              @Bindable(defaultValue = "1m") Duration retryAfterFailure,
                              @Bindable(defaultValue = "10s") Duration connectTimeout,
                              @Bindable(defaultValue = "120s") Duration timeout,
                              @Bindable(defaultValue = "0.2") double maxChange,
                              @Bindable(defaultValue = "") String ofacSdn,
                              @Bindable(defaultValue = "") String ofacCons,
                              @Bindable(defaultValue = "") String un,
                              @Bindable(defaultValue = "") String eu,
                              @Bindable(defaultValue = "") String uk) {

    /** The configured sources per list, in list order; lists without sources are absent. */
    public Map<ListId, Map<String, String>> sources() {
        Map<ListId, Map<String, String>> out = new EnumMap<>(ListId.class);
        put(out, ListId.OFAC_SDN, ofacSdn);
        put(out, ListId.OFAC_CONS, ofacCons);
        put(out, ListId.UN, un);
        put(out, ListId.EU, eu);
        put(out, ListId.UK, uk);
        return out;
    }

    /** The wait after the {@code failures}-th failure in a row: 1, 2, 4 ... times retry-after-failure, at most the interval. */
    public Duration retryDelay(int failures) {
        Duration delay = retryAfterFailure.multipliedBy(1L << Math.min(Math.max(failures, 1) - 1, 20));
        return delay.compareTo(interval) > 0 ? interval : delay;
    }

    static Map<String, String> parse(String spec) {
        Map<String, String> files = new LinkedHashMap<>();
        if (spec == null || spec.isBlank()) {
            return files;
        }
        for (String pair : spec.split(",")) {
            int eq = pair.indexOf('=');
            if (eq <= 0 || eq == pair.length() - 1) {
                throw new IllegalArgumentException("list source '" + pair.trim() + "' is not file=url");
            }
            files.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
        }
        return files;
    }

    private static void put(Map<ListId, Map<String, String>> out, ListId id, String spec) {
        Map<String, String> files = parse(spec);
        if (!files.isEmpty()) {
            out.put(id, files);
        }
    }
}
