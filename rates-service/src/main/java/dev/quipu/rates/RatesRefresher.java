package dev.quipu.rates;

import dev.quipu.rates.cache.RatesBook;
import dev.quipu.rates.cache.SourceCache;
import io.micronaut.context.event.StartupEvent;
import io.micronaut.runtime.event.annotation.EventListener;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Starts, in the background, what keeps the rates current: first each source's bundled recordings
 * are stored and published (so every country has its set on quipu.rates.v1 even with fetching off),
 * then each source that can be fetched is fetched after the initial delay and every refresh
 * interval, on its own schedule. Start-up never waits for a publisher. The threads are this bean's
 * own, so a hanging publisher (bounded by the HTTP timeout) holds none of the application's.
 */
@Singleton
public class RatesRefresher {

    private static final Logger LOG = LoggerFactory.getLogger(RatesRefresher.class);
    private static final int THREADS = 4;

    private final RatesBook book;
    private final RatesConfig config;
    private final ScheduledExecutorService pool;

    public RatesRefresher(RatesBook book, RatesConfig config) {
        this.book = book;
        this.config = config;
        AtomicInteger n = new AtomicInteger();
        this.pool = Executors.newScheduledThreadPool(THREADS, r -> {
            Thread t = new Thread(r, "rates-refresh-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    @EventListener
    void onStartup(StartupEvent event) {
        // tasks due at the same time run in the order given: every floor is announced before any fetch
        for (SourceCache cache : book.caches()) {
            pool.execute(() -> guarded(cache, cache::announceFloor));
        }
        int fetched = 0;
        for (SourceCache cache : book.caches()) {
            if (cache.fetches()) {
                pool.scheduleWithFixedDelay(() -> guarded(cache, cache::refresh), config.getInitialDelay().toMillis(),
                        config.getRefreshInterval().toMillis(), TimeUnit.MILLISECONDS);
                fetched++;
            } else if (config.fetching()) {
                LOG.info("rate source {} is not fetched: credentials_missing (set {}); its bundled recording serves",
                        cache.source().id(), String.join(" and ", cache.source().credentialSettings()));
            }
        }
        if (config.fetching()) {
            LOG.info("rates: {} of {} sources fetched every {}; their bundled recordings serve until they answer",
                    fetched, book.caches().size(), config.getRefreshInterval());
        } else {
            LOG.info("rates: fetching off (QUIPU_RATES_MODE=snapshot): only the bundled recordings serve");
        }
    }

    /** A task that throws would never be scheduled again: log it and keep the schedule. */
    private static void guarded(SourceCache cache, Runnable task) {
        try {
            task.run();
        } catch (RuntimeException e) {
            LOG.warn("rates task of source {} failed unexpectedly", cache.source().id(), e);
        }
    }

    @PreDestroy
    void stop() {
        pool.shutdownNow();
    }
}
