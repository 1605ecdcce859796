package dev.quipu.rates.cache;

import dev.quipu.rates.sources.Observation;

/**
 * One rate of a country as served: the newest observation of the source chosen from its chain,
 * the observation before it (for moves), and where it came from.
 *
 * @param rate       catalog entry
 * @param latest     newest observation, or null when unavailable
 * @param previous   the observation of the previous publication date from the same answer, or null
 * @param mode       {@code live} (the publisher's latest successful fetch), {@code stale} (a live value kept
 *                   after later fetches failed), {@code snapshot} (a bundled recording), or
 *                   {@code unavailable}
 * @param ageSeconds seconds since the value was read (from the publisher, or from the bundle at start)
 * @param sourceId   the chosen source, null when unavailable
 * @param note       why sources before it in the chain (or it itself) do not serve a live value, or null
 * @param reason     why there is no value (null when there is one)
 */
public record RateView(RateCatalog.Rate rate, Observation latest, Observation previous, String mode, long ageSeconds,
                       String sourceId, String note, String reason) {

    public static final String LIVE = "live";
    public static final String STALE = "stale";
    public static final String SNAPSHOT = "snapshot";
    public static final String UNAVAILABLE = "unavailable";

    public boolean available() {
        return latest != null;
    }

    public boolean stale() {
        return STALE.equals(mode);
    }

    /** live < stale < snapshot: the order in which answers are fresh; the worst of a set names the set. */
    public static int rank(String mode) {
        return switch (mode) {
            case LIVE -> 0;
            case STALE -> 1;
            case SNAPSHOT -> 2;
            default -> 3;
        };
    }
}
