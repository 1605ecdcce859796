package dev.quipu.rates.events;

import dev.quipu.contracts.events.RatesObserved;
import dev.quipu.rates.cache.CountryRates;
import dev.quipu.rates.cache.RateView;
import dev.quipu.rates.cache.RatesBook;
import dev.quipu.runtime.UuidV7;
import io.micronaut.context.BeanProvider;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Publishes a country's full observation set on {@code quipu.rates.v1} whenever one of its sources
 * was refreshed (successfully or not: a failure turns values stale). Refreshes of several sources
 * of one country within {@link #COALESCE_MS} become one event.
 */
@Singleton
public class RatesEvents {

    static final long COALESCE_MS = 250;
    /** A failed publication is retried after 1, 2, 4 … 30 s, so that a slow broker at start-up does not
     * leave subscribers without a country's rates until the next refresh (minutes later). */
    static final int MAX_RETRIES = 12;
    private static final long MAX_RETRY_DELAY_MS = 30_000;
    private static final Logger LOG = LoggerFactory.getLogger(RatesEvents.class);

    private final RatesEventClient client;
    private final BeanProvider<RatesBook> book;
    private final UuidV7 ids;
    private final Set<String> pending = ConcurrentHashMap.newKeySet();
    private final ScheduledExecutorService worker = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "rates-events");
        t.setDaemon(true);
        return t;
    });

    public RatesEvents(RatesEventClient client, BeanProvider<RatesBook> book, UuidV7 ids) {
        this.client = client;
        this.book = book;
        this.ids = ids;
    }

    public void countryRefreshed(String country) {
        if (pending.add(country)) {
            worker.schedule(() -> {
                pending.remove(country);
                publish(country);
            }, COALESCE_MS, TimeUnit.MILLISECONDS);
        }
    }

    /** Builds and sends the event now; a broker failure is logged and retried with the newest set. */
    public RatesObserved publish(String country) {
        return publish(country, 0);
    }

    private RatesObserved publish(String country, int retry) {
        RatesObserved event = toEvent(book.get().country(country));
        try {
            client.send(country, event);
        } catch (RuntimeException e) {
            if (retry < MAX_RETRIES) {
                long delay = Math.min(MAX_RETRY_DELAY_MS, 1000L << retry);
                LOG.warn("could not publish rates of {} (retrying in {} ms): {}", country, delay, e.getMessage());
                worker.schedule(() -> publish(country, retry + 1), delay, TimeUnit.MILLISECONDS);
            } else {
                LOG.warn("could not publish rates of {}; the next refresh publishes again: {}", country, e.getMessage());
            }
        }
        return event;
    }

    public RatesObserved toEvent(CountryRates rates) {
        Map<String, String> values = new LinkedHashMap<>();
        Map<String, String> asOf = new LinkedHashMap<>();
        Map<String, String> sources = new LinkedHashMap<>();
        Map<String, String> urls = new LinkedHashMap<>();
        Map<String, String> fetched = new LinkedHashMap<>();
        Map<String, Boolean> stale = new LinkedHashMap<>();
        Map<String, String> modes = new LinkedHashMap<>();
        Map<String, String> unavailable = new LinkedHashMap<>();
        for (RateView v : rates.rates().values()) {
            String name = v.rate().name();
            if (!v.available()) {
                unavailable.put(name, v.reason());
                continue;
            }
            values.put(name, v.latest().value().toPlainString());
            asOf.put(name, v.latest().asOf().toString());
            sources.put(name, v.latest().source());
            urls.put(name, v.latest().sourceUrl());
            fetched.put(name, v.latest().fetchedAt().toString());
            stale.put(name, v.stale());
            modes.put(name, v.mode());
        }
        return new RatesObserved(ids.next().toString(), rates.country(), rates.assembledAt().toString(), rates.mode(),
                values, asOf, sources, urls, fetched, stale, unavailable, modes);
    }

    @PreDestroy
    void stop() {
        worker.shutdownNow();
    }
}
