package dev.quipu.rates.cache;

import java.time.Instant;
import java.util.Map;

/** Every rate of one country, in catalog order. */
public record CountryRates(String country, String mode, Instant assembledAt, Map<String, RateView> rates) {
}
