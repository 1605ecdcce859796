package dev.quipu.rates.cache;

import dev.quipu.rates.sources.BanxicoSieSource;
import dev.quipu.rates.sources.BundledRecordings;
import dev.quipu.rates.sources.DolarApiSource;
import dev.quipu.rates.sources.FakeUpstream;
import dev.quipu.rates.sources.HttpTransport;
import dev.quipu.rates.sources.RateSource;
import io.micronaut.json.JsonMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One source's cache: its bundled recording as the floor, a real adapter talking to a local fake publisher. */
class SourceCacheTest {

    static final JsonMapper JSON = JsonMapper.createDefault();
    static final BundledRecordings BUNDLE = new BundledRecordings("snapshots", JSON);
    static final Duration EVERY = Duration.ofMinutes(5);

    final FakeUpstream upstream = new FakeUpstream();
    final MutableClock clock = new MutableClock(Instant.parse("2026-09-01T12:00:00Z"));
    final List<Boolean> attempts = new ArrayList<>();
    final List<Map.Entry<OutageLog.Level, String>> logged = new ArrayList<>();
    final DolarApiSource blue = new DolarApiSource(JSON, upstream.url(), "blue", "usd_ars_blue");
    final Instant start = clock.instant();
    final SourceCache cache = fetched(blue, new CircuitBreaker(2, Duration.ofMinutes(1)));

    SourceCache fetched(RateSource source, CircuitBreaker breaker) {
        return new SourceCache(source, SourceCache.Floor.load(BUNDLE, source, start),
                new SourceCache.Fetching(new HttpTransport(Duration.ofSeconds(5)), start, EVERY, breaker), clock,
                (s, entry) -> attempts.add(entry != null), (level, message) -> logged.add(Map.entry(level, message)));
    }

    @AfterEach
    void stop() {
        upstream.close();
    }

    @Test
    void untilThePublisherFirstAnswersTheBundledRecordingServes() {
        SourceCache.View v = cache.read();

        assertNull(v.live());
        assertEquals("snapshot", v.mode());
        assertEquals(LocalDate.of(2026, 8, 22), v.floor().observations().get(v.floor().observations().size() - 1).asOf());
        assertEquals(start, v.nextAttempt());
        assertEquals("not fetched yet", v.problem());
        assertTrue(upstream.seen().isEmpty(), "reading never calls the publisher");
    }

    @Test
    void aSuccessfulFetchReplacesTheRecordingAndTheNextOneIsDueAfterTheInterval() {
        upstream.serve("/v1/dolares/blue", "recorded/dolarapi-blue.json", "application/json");
        clock.advance(Duration.ofSeconds(1));
        SourceCache.View v = cache.refresh();

        assertEquals("live", v.mode());
        assertEquals(clock.instant(), v.lastSuccess());
        assertEquals(clock.instant().plus(EVERY), v.nextAttempt());
        assertNull(v.problem());
        assertEquals(List.of(true), attempts);
    }

    @Test
    void whenThePublisherFailsTheLastGoodValueIsServedStaleWithItsFetchTime() {
        upstream.serve("/v1/dolares/blue", "recorded/dolarapi-blue.json", "application/json");
        Instant firstFetch = clock.instant();
        cache.refresh();
        upstream.fail("/v1/dolares/blue", 503);
        clock.advance(EVERY);
        SourceCache.View v = cache.refresh();

        assertEquals("stale", v.mode());
        assertEquals(firstFetch, v.live().fetchedAt());
        assertTrue(v.lastError().contains("HTTP 503"), v.lastError());
        assertEquals(clock.instant(), v.lastErrorAt());
        assertEquals(List.of(true, false), attempts, "both attempts are reported (each triggers an event)");
    }

    @Test
    void aSourceWithoutCredentialsIsNeverCalledAndItsRecordingServes() {
        SourceCache banxico = fetched(new BanxicoSieSource(JSON, upstream.url(), ""), new CircuitBreaker(3, Duration.ofMinutes(1)));
        SourceCache.View v = banxico.refresh();

        assertFalse(banxico.fetches());
        assertTrue(upstream.seen().isEmpty());
        assertTrue(v.credentialsMissing());
        assertEquals("credentials_missing", v.problem());
        assertNull(v.nextAttempt());
        assertEquals("snapshot", v.mode());
        assertEquals(new BigDecimal("17.0458"), v.floor().observations().get(2).value());
    }

    @Test
    void withFetchingOffOnlyTheRecordingServesAndNothingIsEverDue() {
        SourceCache off = new SourceCache(blue, SourceCache.Floor.load(BUNDLE, blue, start), null, clock, (s, e) -> { });
        SourceCache.View v = off.refresh();

        assertTrue(upstream.seen().isEmpty());
        assertEquals("fetching off", v.problem());
        assertNull(v.nextAttempt());
        assertEquals("snapshot", v.mode());
    }

    @Test
    void aSourceWithNothingBundledSaysSo() {
        var nothing = new DolarApiSource(JSON, upstream.url(), "oficial", "usd_ars");
        SourceCache.View v = fetched(nothing, new CircuitBreaker(3, Duration.ofMinutes(1))).read();

        assertNull(v.floor());
        assertEquals("no recording bundled", v.floorProblem());
        assertEquals("unavailable", v.mode());
    }

    @Test
    void anOutageIsLoggedOnceAtWarnItsRepeatsAtDebugAndItsEndOnceAtInfo() {
        upstream.fail("/v1/dolares/blue", 503);
        SourceCache patient = fetched(blue, new CircuitBreaker(100, Duration.ofMinutes(1)));
        for (int i = 0; i < 3; i++) {
            patient.refresh();
            clock.advance(EVERY);
        }
        upstream.serve("/v1/dolares/blue", "recorded/dolarapi-blue.json", "application/json");
        patient.refresh();
        patient.refresh();

        assertEquals(List.of(OutageLog.Level.WARN, OutageLog.Level.DEBUG, OutageLog.Level.DEBUG, OutageLog.Level.INFO),
                logged.stream().map(Map.Entry::getKey).toList());
        assertTrue(logged.get(0).getValue().contains("HTTP 503") && logged.get(0).getValue().contains("its bundled recording"),
                logged.get(0).getValue());
        assertTrue(logged.get(3).getValue().contains("after 3 failed attempt(s)"), logged.get(3).getValue());
    }

    @Test
    void theBreakerOpensAfterRepeatedFailuresAndStopsCallingThePublisherUntilItsTrial() {
        upstream.fail("/v1/dolares/blue", 503);
        cache.refresh();
        cache.refresh();
        assertEquals(CircuitBreaker.State.OPEN, cache.read().breaker());
        int calls = upstream.seen().size();

        cache.refresh();
        assertEquals(calls, upstream.seen().size(), "open: no calls");
        assertTrue(cache.read().lastError().startsWith("circuit breaker open"));

        upstream.serve("/v1/dolares/blue", "recorded/dolarapi-blue.json", "application/json");
        clock.advance(Duration.ofMinutes(1));
        SourceCache.View v = cache.refresh();
        assertEquals(calls + 1, upstream.seen().size(), "half-open: one trial call");
        assertEquals(CircuitBreaker.State.CLOSED, v.breaker());
        assertNotNull(v.live());
        assertFalse(v.failing());
    }
}
