package dev.quipu.rates;

import dev.quipu.rates.cache.RatesBook;
import dev.quipu.rates.cache.SourceCache;
import io.micronaut.scheduling.annotation.Scheduled;
import jakarta.inject.Singleton;

/**
 * Refreshes every source at start and then every refresh interval, so that the cache stays warm
 * and every country's set is published on quipu.rates.v1 (the gateway's stream reads those).
 */
@Singleton
public class RatesRefresher {

    private final RatesBook book;

    public RatesRefresher(RatesBook book) {
        this.book = book;
    }

    @Scheduled(fixedDelay = "${quipu.rates.refresh-interval:5m}", initialDelay = "${quipu.rates.initial-delay:0s}")
    void refreshAll() {
        for (SourceCache cache : book.caches()) {
            cache.refresh();
        }
    }
}
