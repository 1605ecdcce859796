package dev.quipu.rates.cache;

import dev.quipu.rates.sources.BundledRecordings;
import dev.quipu.rates.sources.Observation;
import dev.quipu.rates.sources.RateSource;
import dev.quipu.rates.sources.Transport;
import dev.quipu.rates.sources.UpstreamException;
import io.micronaut.core.annotation.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BiConsumer;

/**
 * What one source can serve: its bundled recordings (the floor, always there when something is
 * bundled) and the last good answer of its publisher. Only the refresher fetches; readers never
 * wait for a publisher. When a fetch fails the last good answer is still served, marked stale;
 * until the first success the floor serves. An outage is logged once: its first failure at WARN,
 * repeats at DEBUG, the recovery at INFO.
 */
public final class SourceCache {

    private static final Logger LOG = LoggerFactory.getLogger(SourceCache.class);

    /** What a successful fetch (mode {@code live}) or the bundled recordings (mode {@code snapshot}) gave. */
    public record Entry(List<Observation> observations, Instant fetchedAt, String mode) {
    }

    /** The bundled recordings of a source as observations, or why there are none. */
    public record Floor(@Nullable Entry entry, @Nullable String problem) {

        public static Floor load(BundledRecordings recordings, RateSource source, Instant at) {
            if (!recordings.has(source.id())) {
                return new Floor(null, "no recording bundled");
            }
            try {
                return new Floor(new Entry(recordings.replay(source, at), at, "snapshot"), null);
            } catch (UpstreamException e) {
                return new Floor(null, e.getMessage());
            }
        }
    }

    /** How a source is fetched: over {@code transport}, first at {@code firstAttempt}, then every {@code interval}. */
    public record Fetching(Transport transport, Instant firstAttempt, Duration interval, CircuitBreaker breaker) {
    }

    /**
     * What a reader gets.
     *
     * @param live         last good answer of the publisher, or null when it never answered
     * @param stale        true when a fetch failed after {@code live} was fetched
     * @param floor        the bundled recordings, or null when none are bundled (or readable)
     * @param floorProblem why there is no floor
     * @param fetching     false when fetching is switched off (snapshot mode)
     * @param credentialsMissing true when the source needs credentials that are not configured
     * @param lastSuccess  when the publisher last answered
     * @param lastError    why the last failed fetch failed (kept after a recovery: it is the last error)
     * @param lastErrorAt  when it failed
     * @param nextAttempt  when the publisher will be asked next, null when it never will
     * @param breaker      state of the source's circuit breaker
     */
    public record View(@Nullable Entry live, boolean stale, @Nullable Entry floor, @Nullable String floorProblem,
                       boolean fetching, boolean credentialsMissing, @Nullable Instant lastSuccess,
                       @Nullable String lastError, @Nullable Instant lastErrorAt, @Nullable Instant nextAttempt,
                       CircuitBreaker.State breaker) {

        /** {@code live}, {@code stale}, {@code snapshot}, or {@code unavailable} when there is nothing to serve. */
        public String mode() {
            return live != null ? (stale ? "stale" : "live") : floor != null ? "snapshot" : "unavailable";
        }

        /** True while the latest fetch attempt failed (an outage is in progress). */
        public boolean failing() {
            return lastErrorAt != null && (lastSuccess == null || lastErrorAt.isAfter(lastSuccess));
        }

        /** Why this source does not serve a live value now, in a few words; null when it does. */
        public String problem() {
            if (!fetching) {
                return "fetching off";
            }
            if (credentialsMissing) {
                return "credentials_missing";
            }
            if (failing()) {
                return "fetch failed: " + lastError;
            }
            return live == null ? "not fetched yet" : null;
        }
    }

    private final RateSource source;
    private final Floor floor;
    private final Fetching fetching;
    private final Clock clock;
    /** Told after every attempt and of the floor at start: the entry, or null when the attempt failed. */
    private final BiConsumer<RateSource, Entry> onFetched;
    private final ReentrantLock refreshing = new ReentrantLock();
    private volatile Entry live;
    private volatile Instant lastAttemptAt;
    private volatile Instant lastSuccess;
    private volatile Instant lastFailureAt;
    private volatile String lastError;
    private volatile String lastCause;
    private final OutageLog outages; // guarded by refreshing

    /** @param fetching how the publisher is fetched, or null when fetching is off (the floor only) */
    public SourceCache(RateSource source, Floor floor, @Nullable Fetching fetching, Clock clock,
                       BiConsumer<RateSource, Entry> onFetched) {
        this(source, floor, fetching, clock, onFetched, OutageLog.Sink.of(LOG));
    }

    SourceCache(RateSource source, Floor floor, @Nullable Fetching fetching, Clock clock,
                BiConsumer<RateSource, Entry> onFetched, OutageLog.Sink log) {
        this.source = source;
        this.floor = floor;
        this.fetching = fetching;
        this.clock = clock;
        this.onFetched = onFetched;
        this.outages = new OutageLog(source.id(), log);
    }

    public RateSource source() {
        return source;
    }

    /** True when the refresher should fetch this source (fetching is on and its credentials are set). */
    public boolean fetches() {
        return fetching != null && !source.credentialsMissing();
    }

    /** Tells the listener what the floor holds (history, the country's first event), once at start. */
    public void announceFloor() {
        onFetched.accept(source, floor.entry());
    }

    /** Asks the publisher now (the refresher's call); without fetching or credentials it does nothing. */
    public View refresh() {
        if (!fetches()) {
            return read();
        }
        refreshing.lock();
        try {
            attempt();
        } finally {
            refreshing.unlock();
        }
        return read();
    }

    private void attempt() {
        Instant now = clock.instant();
        lastAttemptAt = now;
        if (!fetching.breaker().allow(now)) {
            failed(now, "circuit breaker open after repeated failures (last: " + lastCause + ")");
            return;
        }
        List<Observation> observations;
        try {
            observations = source.fetch(fetching.transport(), now);
            if (observations.isEmpty()) {
                throw new UpstreamException("the answer held no usable observation");
            }
        } catch (RuntimeException ex) { // UpstreamException, or a parser surprised by a changed format
            if (Thread.currentThread().isInterrupted()) {
                return; // the service is stopping: not an outage of the publisher
            }
            fetching.breaker().failure(now);
            lastCause = ex.getMessage();
            failed(now, ex.getMessage());
            return;
        }
        Entry fresh = new Entry(List.copyOf(observations), now, "live");
        outages.succeeded(now);
        live = fresh;
        lastSuccess = now;
        fetching.breaker().success();
        onFetched.accept(source, fresh);
    }

    private void failed(Instant now, String message) {
        lastFailureAt = now;
        lastError = message;
        outages.failed(now, message, live != null ? "its last good answer (stale)"
                : floor.entry() != null ? "its bundled recording" : "no value of its own", fetching.interval());
        onFetched.accept(source, null);
    }

    public View read() {
        Entry l = live;
        Instant failed = lastFailureAt;
        boolean stale = l != null && failed != null && !failed.isBefore(l.fetchedAt());
        return new View(l, stale, floor.entry(), floor.problem(), fetching != null, source.credentialsMissing(),
                lastSuccess, lastError, failed, nextAttempt(),
                fetching == null ? CircuitBreaker.State.CLOSED : fetching.breaker().state(clock.instant()));
    }

    private Instant nextAttempt() {
        if (!fetches()) {
            return null;
        }
        Instant last = lastAttemptAt;
        Instant next = last == null ? fetching.firstAttempt() : last.plus(fetching.interval());
        Instant trial = fetching.breaker().retryAt();
        return trial != null && trial.isAfter(next) ? trial : next;
    }
}
