package dev.quipu.rates.cache;

import dev.quipu.rates.api.RatesAnswers;
import dev.quipu.rates.sources.ArgentinaDatosSource;
import dev.quipu.rates.sources.BanxicoSieSource;
import dev.quipu.rates.sources.BcraCambiariasSource;
import dev.quipu.rates.sources.BcraSource;
import dev.quipu.rates.sources.BluelyticsSource;
import dev.quipu.rates.sources.BundledRecordings;
import dev.quipu.rates.sources.DolarApiMxSource;
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
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which value a rate gets from its chain of sources, each with its bundled recording and a local fake publisher. */
class RatesBookTest {

    final FakeUpstream upstream = new FakeUpstream();
    final MutableClock clock = new MutableClock(Instant.parse("2026-08-23T12:00:00Z"));
    final JsonMapper json = JsonMapper.createDefault();
    final HttpTransport http = new HttpTransport(Duration.ofSeconds(5));

    List<RateSource> argentina() {
        return List.of(new BcraSource(json, upstream.url()), new BcraCambiariasSource(json, upstream.url()),
                new DolarApiSource(json, upstream.url(), "mayorista", "usd_ars"),
                new DolarApiSource(json, upstream.url(), "blue", "usd_ars_blue"),
                new ArgentinaDatosSource(json, upstream.url()), new BluelyticsSource(json, upstream.url()));
    }

    RatesBook book(List<RateSource> sources, String bundleRoot) {
        BundledRecordings bundle = new BundledRecordings(bundleRoot, json);
        return new RatesBook(sources.stream().map(s -> new SourceCache(s, SourceCache.Floor.load(bundle, s, clock.instant()),
                new SourceCache.Fetching(http, clock.instant(), Duration.ofMinutes(5), new CircuitBreaker(3, Duration.ofMinutes(1))),
                clock, (src, e) -> { })).toList(), clock);
    }

    static void refreshAll(RatesBook book) {
        book.caches().forEach(SourceCache::refresh);
    }

    @AfterEach
    void stop() {
        upstream.close();
    }

    @Test
    void beforeAnyPublisherAnswersTheNewestRecordingServesAndSaysSnapshot() {
        CountryRates ar = book(argentina(), "snapshots").country("AR");

        RateView official = ar.rates().get("usd_ars");
        assertEquals("snapshot", official.mode());
        assertEquals("dolarapi-mayorista", official.sourceId(), "2026-08-21 is newer than BCRA's recording of 2024-06-12");
        assertFalse(official.latest().official());
        assertEquals(LocalDate.of(2026, 8, 22), ar.rates().get("usd_ars_blue").latest().asOf());
        assertEquals(LocalDate.of(2026, 8, 18), ar.rates().get("usd_ars_blue").previous().asOf());
        assertEquals("snapshot", ar.mode());
        assertTrue(upstream.seen().isEmpty());
    }

    @Test
    void theOfficialLiveValueWinsOverLiveFallbacks() {
        upstream.serve("/estadisticas/v4.0/monetarias/5", "documented/bcra-a3500.json", "application/json")
                .serve("/v1/dolares/mayorista", "recorded/dolarapi-mayorista.json", "application/json");
        RatesBook book = book(argentina(), "snapshots");
        refreshAll(book);
        RateView v = book.country("AR").rates().get("usd_ars");

        assertEquals("live", v.mode());
        assertEquals(new BigDecimal("810.65"), v.latest().value());
        assertTrue(v.latest().official());
        assertEquals(null, v.note());
    }

    @Test
    void whenTheOfficialSourcesAreDownALiveFallbackAnswersSaysItIsNotOfficialAndWhy() {
        upstream.fail("/estadisticas/v4.0/monetarias/5", 503).fail("/estadisticascambiarias/v1.0/Cotizaciones", 503)
                .serve("/v1/dolares/mayorista", "recorded/dolarapi-mayorista.json", "application/json");
        RatesBook book = book(argentina(), "snapshots");
        refreshAll(book);
        RateView v = book.country("AR").rates().get("usd_ars");

        assertEquals("live", v.mode());
        assertEquals(new BigDecimal("1499"), v.latest().value());
        assertFalse(v.latest().official());
        assertTrue(v.note().contains("bcra-a3500: fetch failed: HTTP 503") && v.note().contains("bcra-cambiarias: fetch failed"),
                v.note());
    }

    @Test
    void afterThePublisherFailsItsLastGoodValueIsServedStaleAndTheAnswerSaysStale() {
        upstream.serve("/v1/dolares/mayorista", "recorded/dolarapi-mayorista.json", "application/json")
                .serve("/v1/dolares/blue", "recorded/dolarapi-blue.json", "application/json");
        RatesBook book = book(argentina(), "snapshots");
        refreshAll(book);
        upstream.fail("/v1/dolares/blue", 503);
        clock.advance(Duration.ofMinutes(7));
        refreshAll(book);
        CountryRates ar = book.country("AR");

        RateView blue = ar.rates().get("usd_ars_blue");
        assertEquals("stale", blue.mode());
        assertTrue(blue.stale());
        assertEquals(420, blue.ageSeconds());
        assertEquals(new BigDecimal("1550"), blue.latest().value(), "kept: newer than ArgentinaDatos' recording of 08-18");
        assertEquals("live", ar.rates().get("usd_ars").mode());
        assertEquals("stale", ar.mode(), "the worst of its values");
        assertEquals("stale; as_of=2026-08-21; age=420", RatesAnswers.freshness(ar));
    }

    @Test
    void withNothingBundledAndNoPublisherAnsweringTheRateIsUnavailableWithEverySourcesReason() {
        upstream.fail("/estadisticas/v4.0/monetarias/5", 503).fail("/v1/dolares/mayorista", 500);
        RatesBook book = book(argentina(), "no-bundle-here");
        refreshAll(book);
        RateView v = book.country("AR").rates().get("usd_ars");

        assertFalse(v.available());
        assertTrue(v.reason().contains("bcra-a3500: fetch failed: HTTP 503") && v.reason().contains("no recording bundled")
                && v.reason().contains("dolarapi-mayorista: fetch failed: HTTP 500"), v.reason());
        assertEquals("unavailable", RatesAnswers.freshness(book.country("AR")));
    }

    @Test
    void missingCredentialsAreNamedInTheNoteOfTheValueServedInstead() {
        upstream.fail("/v1/cotizaciones/usd", 503);
        RatesBook book = book(List.of(new BanxicoSieSource(json, upstream.url(), null), new DolarApiMxSource(json, upstream.url())),
                "snapshots");
        refreshAll(book);
        CountryRates mx = book.country("MX");

        RateView fix = mx.rates().get("usd_mxn");
        assertEquals("dolarapi-mx-fix", fix.sourceId(), "its recording of 2026-08-21 is newer than Banxico's of 2024-01-04");
        assertEquals("snapshot", fix.mode());
        assertTrue(fix.note().startsWith("banxico-sie: credentials_missing (set QUIPU_RATES_BANXICO_TOKEN)"), fix.note());
        RateView tiie = mx.rates().get("tiie_28");
        assertTrue(tiie.reason().contains("credentials_missing") && tiie.reason().contains("its bundled recordings hold no tiie_28"),
                tiie.reason());
        assertTrue(upstream.seen().stream().noneMatch(s -> s.path().startsWith("/series")), "Banxico is never called");
    }
}
