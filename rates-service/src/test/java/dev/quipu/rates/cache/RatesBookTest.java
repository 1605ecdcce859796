package dev.quipu.rates.cache;

import dev.quipu.rates.api.RatesAnswers;
import dev.quipu.rates.sources.BcraSource;
import dev.quipu.rates.sources.BluelyticsSource;
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
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Argentina in live mode against a local fake of its four publishers. */
class RatesBookTest {

    final FakeUpstream upstream = new FakeUpstream();
    final MutableClock clock = new MutableClock(Instant.parse("2026-08-23T12:00:00Z"));
    final JsonMapper json = JsonMapper.createDefault();
    final List<RateSource> sources = List.of(new BcraSource(json, upstream.url()),
            new DolarApiSource(json, upstream.url(), "mayorista", "usd_ars"),
            new DolarApiSource(json, upstream.url(), "blue", "usd_ars_blue"),
            new BluelyticsSource(json, upstream.url()));
    final HttpTransport http = new HttpTransport(Duration.ofSeconds(5));
    final RatesBook book = new RatesBook(sources.stream().map(s -> new SourceCache(s, http, Duration.ofMinutes(5),
            new CircuitBreaker(3, Duration.ofMinutes(1)), clock, (src, e) -> { })).toList(), clock, "live");

    @AfterEach
    void stop() {
        upstream.close();
    }

    @Test
    void theOfficialSourceWinsAndFallbacksAreNotCalled() {
        upstream.serve("/estadisticas/v4.0/Monetarias/5", "documented/bcra-a3500.json", "application/json")
                .serve("/v1/dolares/blue", "recorded/dolarapi-blue.json", "application/json");
        CountryRates ar = book.country("AR");

        assertEquals(new BigDecimal("810.65"), ar.rates().get("usd_ars").latest().value());
        assertTrue(ar.rates().get("usd_ars").latest().official());
        assertTrue(upstream.seen().stream().noneMatch(s -> s.path().equals("/v1/dolares/mayorista") || s.path().equals("/v2/latest")));
    }

    @Test
    void whenTheOfficialSourceIsDownTheFallbackAnswersAndSaysItIsNotOfficial() {
        upstream.fail("/estadisticas/v4.0/Monetarias/5", 503)
                .serve("/v1/dolares/mayorista", "recorded/dolarapi-mayorista.json", "application/json")
                .fail("/v1/dolares/blue", 502)
                .serve("/v2/latest", "documented/bluelytics-latest.json", "application/json");
        CountryRates ar = book.country("AR");

        RateView official = ar.rates().get("usd_ars");
        assertEquals(new BigDecimal("1499"), official.latest().value());
        assertFalse(official.latest().official());
        assertTrue(ar.rates().get("usd_ars_blue").latest().source().startsWith("bluelytics"));
    }

    @Test
    void afterThePublisherFailsTheLastGoodValueIsServedStaleWithItsAgeAndTheHeaderSaysSo() {
        upstream.serve("/estadisticas/v4.0/Monetarias/5", "documented/bcra-a3500.json", "application/json")
                .serve("/v1/dolares/blue", "recorded/dolarapi-blue.json", "application/json");
        book.country("AR");
        upstream.fail("/estadisticas/v4.0/Monetarias/5", 503).fail("/v1/dolares/mayorista", 503)
                .fail("/v1/dolares/blue", 503).fail("/v2/latest", 503);
        clock.advance(Duration.ofMinutes(7));
        CountryRates ar = book.country("AR");

        RateView v = ar.rates().get("usd_ars");
        assertTrue(v.stale());
        assertEquals(420, v.ageSeconds());
        assertEquals(new BigDecimal("810.65"), v.latest().value(), "last good value, not the fallback's nothing");
        assertEquals("stale; as_of=2024-01-03; age=420", RatesAnswers.freshness(ar));
    }

    @Test
    void withNoSourceAnsweringTheRateIsUnavailableWithEverySourcesReason() {
        upstream.fail("/estadisticas/v4.0/Monetarias/5", 503).fail("/v1/dolares/mayorista", 500);
        RateView v = book.country("AR").rates().get("usd_ars");

        assertFalse(v.available());
        assertTrue(v.reason().contains("bcra-a3500: HTTP 503") && v.reason().contains("dolarapi-mayorista: HTTP 500"), v.reason());
    }
}
