package dev.quipu.rates.health;

import dev.quipu.contracts.pricebook.PriceBook;
import dev.quipu.rates.cache.CountryRates;
import dev.quipu.rates.cache.RateView;
import dev.quipu.rates.cache.RatesBook;
import io.micronaut.health.HealthStatus;
import io.micronaut.management.health.indicator.HealthIndicator;
import io.micronaut.management.health.indicator.HealthResult;
import jakarta.inject.Singleton;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code rate_sources} in {@code /health}: how fresh every rate is (publisher date, age, stale flag,
 * source), read only from what is in memory so that a health check never calls a publisher. Stale
 * rates are still served, so they do not make the service DOWN.
 */
@Singleton
public class RateSourcesHealthIndicator implements HealthIndicator {

    private final RatesBook book;

    public RateSourcesHealthIndicator(RatesBook book) {
        this.book = book;
    }

    @Override
    public Publisher<HealthResult> getResult() {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("mode", book.mode());
        for (String country : PriceBook.RATE_COUNTRIES) {
            if (!book.inMemory(country)) {
                details.put(country, "not fetched yet");
                continue;
            }
            CountryRates rates = book.country(country);
            Map<String, Object> perRate = new LinkedHashMap<>();
            for (RateView v : rates.rates().values()) {
                Map<String, Object> rate = new LinkedHashMap<>();
                if (v.available()) {
                    rate.put("as_of", v.latest().asOf().toString());
                    rate.put("source", v.latest().source());
                    rate.put("age_seconds", v.ageSeconds());
                    rate.put("stale", v.stale());
                } else {
                    rate.put("unavailable", v.reason());
                }
                perRate.put(v.rate().name(), rate);
            }
            details.put(country, perRate);
        }
        return Mono.just(HealthResult.builder("rate_sources", HealthStatus.UP).details(details).build());
    }
}
