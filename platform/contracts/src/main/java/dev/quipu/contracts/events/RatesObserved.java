package dev.quipu.contracts.events;

import io.micronaut.core.annotation.Creator;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

import java.util.Map;

/**
 * The full observation set of one country on {@link Topics#RATES}, keyed by country. Every event
 * carries every rate of the country, so a consumer (the gateway's stream) needs no other state.
 * All maps are keyed by rate name (usd_cop, selic, ...).
 *
 * @param eventId     UUIDv7
 * @param country     CO, MX, BR, CL, PE or AR
 * @param observedAt  ISO-8601 instant at which rates-service assembled this set
 * @param sourceMode  the worst of {@code sourceModes} ({@code live} < {@code stale} < {@code snapshot}), or
 *                    {@code unavailable} when the country has no value
 * @param values      decimal strings
 * @param asOf        the publisher's date of each value (ISO date), never the fetch time
 * @param sources     who published each value
 * @param sourceUrls  where each value was read (credentials removed)
 * @param fetchedAt   ISO-8601 instant at which each value was fetched by us
 * @param stale       true for a value served after its source failed (last good value)
 * @param unavailable rates of the country with no value at all, with the reason
 * @param sourceModes where each value comes from: {@code live} (the publisher's latest successful fetch),
 *                    {@code stale} (a live value kept after later fetches failed) or {@code snapshot} (a
 *                    recorded response bundled with rates-service)
 */
@Serdeable(naming = SnakeCaseStrategy.class)
public record RatesObserved(String eventId, String country, String observedAt, String sourceMode,
                            Map<String, String> values, Map<String, String> asOf, Map<String, String> sources,
                            @Nullable Map<String, String> sourceUrls, @Nullable Map<String, String> fetchedAt,
                            @Nullable Map<String, Boolean> stale, @Nullable Map<String, String> unavailable,
                            @Nullable Map<String, String> sourceModes) {

    @Creator
    public RatesObserved {
        values = copy(values);
        asOf = copy(asOf);
        sources = copy(sources);
        sourceUrls = copy(sourceUrls);
        fetchedAt = copy(fetchedAt);
        stale = copy(stale);
        unavailable = copy(unavailable);
        sourceModes = copy(sourceModes);
    }

    /** The eleven-field form, before per-value source modes, kept for source compatibility. */
    public RatesObserved(String eventId, String country, String observedAt, String sourceMode,
                         Map<String, String> values, Map<String, String> asOf, Map<String, String> sources,
                         @Nullable Map<String, String> sourceUrls, @Nullable Map<String, String> fetchedAt,
                         @Nullable Map<String, Boolean> stale, @Nullable Map<String, String> unavailable) {
        this(eventId, country, observedAt, sourceMode, values, asOf, sources, sourceUrls, fetchedAt, stale, unavailable, null);
    }

    /** The original seven-field form, kept for source compatibility. */
    public RatesObserved(String eventId, String country, String observedAt, String sourceMode,
                         Map<String, String> values, Map<String, String> asOf, Map<String, String> sources) {
        this(eventId, country, observedAt, sourceMode, values, asOf, sources, null, null, null, null, null);
    }

    private static <V> Map<String, V> copy(Map<String, V> map) {
        return map == null ? Map.of() : Map.copyOf(map);
    }
}
