package dev.quipu.rates.cache;

import java.time.Instant;
import java.util.Map;

/**
 * Every rate of one country, in catalog order.
 *
 * @param mode the worst {@link RateView#mode()} among the values that are available ({@code live},
 *             {@code stale} or {@code snapshot}), or {@code unavailable} when none is
 */
public record CountryRates(String country, String mode, Instant assembledAt, Map<String, RateView> rates) {

    static String worstMode(Map<String, RateView> rates) {
        return rates.values().stream().filter(RateView::available).map(RateView::mode)
                .max(java.util.Comparator.comparingInt(RateView::rank)).orElse(RateView.UNAVAILABLE);
    }
}
