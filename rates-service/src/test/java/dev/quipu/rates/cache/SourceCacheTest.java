package dev.quipu.rates.cache;

import dev.quipu.rates.sources.DolarApiSource;
import dev.quipu.rates.sources.FakeUpstream;
import dev.quipu.rates.sources.HttpTransport;
import io.micronaut.json.JsonMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The cache in front of one real adapter talking to a local fake publisher. */
class SourceCacheTest {

    final FakeUpstream upstream = new FakeUpstream();
    final MutableClock clock = new MutableClock(Instant.parse("2026-08-23T12:00:00Z"));
    final List<Boolean> attempts = new ArrayList<>();
    final SourceCache cache = new SourceCache(
            new DolarApiSource(JsonMapper.createDefault(), upstream.url(), "blue", "usd_ars_blue"),
            new HttpTransport(Duration.ofSeconds(5)), Duration.ofMinutes(5), new CircuitBreaker(2, Duration.ofMinutes(1)),
            clock, (source, entry) -> attempts.add(entry != null));

    @AfterEach
    void stop() {
        upstream.close();
    }

    @Test
    void withinFiveMinutesThePublisherIsNotCalledAgain() {
        upstream.serve("/v1/dolares/blue", "recorded/dolarapi-blue.json", "application/json");
        cache.read();
        clock.advance(Duration.ofSeconds(299));
        SourceCache.View v = cache.read();

        assertEquals(1, upstream.seen().size());
        assertFalse(v.stale());
        clock.advance(Duration.ofSeconds(1));
        cache.read();
        assertEquals(2, upstream.seen().size(), "expired at 5 minutes");
    }

    @Test
    void whenThePublisherFailsTheLastGoodValueIsServedStaleWithItsFetchTime() {
        upstream.serve("/v1/dolares/blue", "recorded/dolarapi-blue.json", "application/json");
        Instant firstFetch = clock.instant();
        cache.read();
        upstream.fail("/v1/dolares/blue", 503);
        clock.advance(Duration.ofMinutes(6));
        SourceCache.View v = cache.read();

        assertTrue(v.stale());
        assertNotNull(v.entry());
        assertEquals(firstFetch, v.entry().fetchedAt());
        assertTrue(v.error().contains("HTTP 503"), v.error());
        assertEquals(List.of(true, false), attempts, "both attempts are reported (each triggers an event)");
    }

    @Test
    void aSourceThatNeverAnsweredHasNoEntryAndSaysWhy() {
        upstream.fail("/v1/dolares/blue", 500);
        SourceCache.View v = cache.read();
        assertNull(v.entry());
        assertFalse(v.stale());
        assertTrue(v.error().contains("HTTP 500"));
    }

    @Test
    void theBreakerOpensAfterRepeatedFailuresAndStopsCallingThePublisherUntilItsTrial() {
        upstream.fail("/v1/dolares/blue", 503);
        cache.refresh();
        cache.refresh();
        assertEquals(CircuitBreaker.State.OPEN, cache.read().breaker());
        int calls = upstream.seen().size();

        cache.refresh();
        cache.refresh();
        assertEquals(calls, upstream.seen().size(), "open: no calls");
        assertTrue(cache.read().error().startsWith("circuit breaker open"));

        upstream.serve("/v1/dolares/blue", "recorded/dolarapi-blue.json", "application/json");
        clock.advance(Duration.ofMinutes(1));
        SourceCache.View v = cache.refresh();
        assertEquals(calls + 1, upstream.seen().size(), "half-open: one trial call");
        assertEquals(CircuitBreaker.State.CLOSED, v.breaker());
        assertNotNull(v.entry());
        assertNull(v.error());
    }
}
