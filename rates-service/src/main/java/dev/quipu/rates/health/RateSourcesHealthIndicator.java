package dev.quipu.rates.health;

import dev.quipu.contracts.pricebook.PriceBook;
import dev.quipu.rates.RatesConfig;
import dev.quipu.rates.cache.CountryRates;
import dev.quipu.rates.cache.RateView;
import dev.quipu.rates.cache.RatesBook;
import dev.quipu.rates.cache.SourceCache;
import dev.quipu.rates.sources.Observation;
import io.micronaut.health.HealthStatus;
import io.micronaut.management.health.indicator.HealthIndicator;
import io.micronaut.management.health.indicator.HealthResult;
import jakarta.inject.Singleton;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code rate_sources} in {@code /health}: per source, whether it serves live, stale or its bundled
 * recording, when it last answered, its last error, when it is asked next and whether credentials
 * are missing; per country, the date and mode of every rate. Read only from memory, so a health
 * check never calls a publisher. Every rate has a floor or a reason, so nothing here makes the
 * service DOWN.
 */
@Singleton
public class RateSourcesHealthIndicator implements HealthIndicator {

    private final RatesBook book;
    private final RatesConfig config;

    public RateSourcesHealthIndicator(RatesBook book, RatesConfig config) {
        this.book = book;
        this.config = config;
    }

    @Override
    public Publisher<HealthResult> getResult() {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("mode", config.getMode());
        Map<String, Object> sources = new LinkedHashMap<>();
        for (SourceCache cache : book.caches()) {
            sources.put(cache.source().id(), source(cache));
        }
        details.put("sources", sources);
        for (String country : PriceBook.RATE_COUNTRIES) {
            details.put(country, country(book.country(country)));
        }
        return Mono.just(HealthResult.builder("rate_sources", HealthStatus.UP).details(details).build());
    }

    private static Map<String, Object> source(SourceCache cache) {
        SourceCache.View v = cache.read();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("country", cache.source().country());
        m.put("mode", v.mode());
        m.put("last_success", text(v.lastSuccess()));
        m.put("last_error", v.lastError() == null ? null : Map.of("message", v.lastError(), "at", v.lastErrorAt().toString()));
        m.put("next_attempt", text(v.nextAttempt()));
        if (!cache.source().credentialSettings().isEmpty()) {
            m.put("credentials_missing", v.credentialsMissing());
            m.put("credentials", cache.source().credentialSettings());
        }
        m.put("recording", v.floor() == null ? Map.of("none", v.floorProblem())
                : Map.of("newest_as_of", v.floor().observations().stream().map(Observation::asOf)
                        .max(Comparator.naturalOrder()).orElseThrow().toString()));
        return m;
    }

    private static Map<String, Object> country(CountryRates rates) {
        Map<String, Object> perRate = new LinkedHashMap<>();
        for (RateView v : rates.rates().values()) {
            Map<String, Object> rate = new LinkedHashMap<>();
            if (v.available()) {
                rate.put("as_of", v.latest().asOf().toString());
                rate.put("source_mode", v.mode());
                rate.put("source", v.sourceId());
                rate.put("age_seconds", v.ageSeconds());
            } else {
                rate.put("unavailable", v.reason());
            }
            perRate.put(v.rate().name(), rate);
        }
        return perRate;
    }

    private static String text(Instant at) {
        return at == null ? null : at.toString();
    }
}
