package dev.quipu.rates.cache;

import dev.quipu.rates.sources.Observation;

/**
 * One rate of a country as served: the newest observation of the first source in its chain
 * that has one, the observation before it (for moves), and how fresh it is.
 *
 * @param rate       catalog entry
 * @param latest     newest observation, or null when unavailable
 * @param previous   the observation of the previous publication date from the same answer, or null
 * @param stale      true when the source failed after this value was fetched
 * @param ageSeconds seconds since the value was fetched
 * @param mode       live or snapshot
 * @param reason     why there is no value (null when there is one)
 */
public record RateView(RateCatalog.Rate rate, Observation latest, Observation previous, boolean stale, long ageSeconds,
                       String mode, String reason) {

    public boolean available() {
        return latest != null;
    }
}
