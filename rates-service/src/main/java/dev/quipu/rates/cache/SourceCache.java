package dev.quipu.rates.cache;

import dev.quipu.rates.sources.Observation;
import dev.quipu.rates.sources.RateSource;
import dev.quipu.rates.sources.Transport;
import dev.quipu.rates.sources.UpstreamException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BiConsumer;

/**
 * The last good answer of one source, kept for {@code ttl} (the spec's 5 minutes). When it has
 * expired the next reader refreshes it (one reader at a time; others keep reading the old answer).
 * When the source fails, the last good answer is still served, marked stale with its age.
 */
public final class SourceCache {

    private static final Logger LOG = LoggerFactory.getLogger(SourceCache.class);

    /** What a successful fetch gave, and when. */
    public record Entry(List<Observation> observations, Instant fetchedAt, String mode) {
    }

    /**
     * What a reader gets.
     *
     * @param entry     last good answer, or null if the source never answered
     * @param stale     true when the latest attempt failed after {@code entry} was fetched
     * @param error     why the latest attempt failed (null after a success)
     * @param breaker   state of the source's circuit breaker
     */
    public record View(Entry entry, boolean stale, String error, CircuitBreaker.State breaker) {
    }

    private final RateSource source;
    private final Transport transport;
    private final Duration ttl;
    private final CircuitBreaker breaker;
    private final Clock clock;
    /** Told after every attempt: the new entry, or null when the attempt failed. */
    private final BiConsumer<RateSource, Entry> onFetched;
    private final ReentrantLock refreshing = new ReentrantLock();
    private volatile Entry entry;
    private volatile Instant lastFailureAt;
    private volatile String lastError;
    private volatile String lastCause;
    private volatile Instant lastAttemptAt;

    public SourceCache(RateSource source, Transport transport, Duration ttl, CircuitBreaker breaker, Clock clock,
                       BiConsumer<RateSource, Entry> onFetched) {
        this.source = source;
        this.transport = transport;
        this.ttl = ttl;
        this.breaker = breaker;
        this.clock = clock;
        this.onFetched = onFetched;
    }

    public RateSource source() {
        return source;
    }

    /**
     * The cached answer, refreshed first if the last attempt (successful or not) is older than the
     * TTL: a failing or missing source is not asked again on every request, only once per TTL (and
     * by the periodic refresher), which keeps its cost off the request path.
     */
    public View read() {
        Instant asked = clock.instant();
        if (!due(asked)) {
            return view();
        }
        if (entry == null) {
            refreshing.lock(); // nothing to serve yet: wait for the first answer
        } else if (!refreshing.tryLock()) {
            return view(); // another reader is refreshing: serve the previous answer meanwhile
        }
        try {
            if (due(clock.instant())) {
                attempt();
            }
        } finally {
            refreshing.unlock();
        }
        return view();
    }

    /** True when {@link #read()} would answer from memory now, without asking the publisher. */
    public boolean servesFromMemory() {
        return !due(clock.instant());
    }

    private boolean due(Instant now) {
        Instant last = lastAttemptAt;
        return last == null || !now.isBefore(last.plus(ttl));
    }

    /** Fetches now, whatever the age of the cached answer (the periodic refresher). */
    public View refresh() {
        refreshing.lock();
        try {
            attempt();
        } finally {
            refreshing.unlock();
        }
        return view();
    }

    private void attempt() {
        Instant now = clock.instant();
        lastAttemptAt = now;
        if (!breaker.allow(now)) {
            lastFailureAt = now;
            lastError = "circuit breaker open after repeated failures (last: " + lastCause + "); next try after " + breaker.retryAt();
            onFetched.accept(source, null);
            return;
        }
        Entry fresh;
        try {
            List<Observation> observations = source.fetch(transport, now);
            if (observations.isEmpty()) {
                throw new UpstreamException("the answer held no usable observation");
            }
            fresh = new Entry(List.copyOf(observations), now, transport.mode());
        } catch (RuntimeException ex) { // UpstreamException, or a parser surprised by a changed format
            breaker.failure(now);
            lastFailureAt = now;
            lastError = ex.getMessage();
            lastCause = ex.getMessage();
            LOG.warn("source {} failed: {}", source.id(), ex.getMessage());
            onFetched.accept(source, null);
            return;
        }
        entry = fresh;
        lastError = null;
        lastCause = null;
        lastFailureAt = null;
        breaker.success();
        onFetched.accept(source, fresh);
    }

    private View view() {
        Entry e = entry;
        Instant failed = lastFailureAt;
        boolean stale = e != null && failed != null && !failed.isBefore(e.fetchedAt());
        return new View(e, stale, lastError, breaker.state(clock.instant()));
    }
}
