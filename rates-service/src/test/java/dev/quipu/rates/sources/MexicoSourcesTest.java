package dev.quipu.rates.sources;

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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MexicoSourcesTest {

    static final Instant FETCHED = Instant.parse("2024-01-05T18:00:00Z");
    final FakeUpstream upstream = new FakeUpstream();
    final Transport http = new HttpTransport(Duration.ofSeconds(5));

    @AfterEach
    void stop() {
        upstream.close();
    }

    /** Recorded real Banxico SIE answer (m-muecke/bbk fixture banxico-data.json). */
    @Test
    void fixIsReadFromTheRecordedAnswerWithTheTokenInAHeaderNotTheQuery() {
        upstream.serve("/series/SF43718,SF43783/datos/2023-12-16/2024-01-05", "recorded/banxico-sie-sf43718.json", "application/json");
        List<Observation> obs = new BanxicoSieSource(JsonMapper.createDefault(), upstream.url(), "secret-token").fetch(http, FETCHED);

        assertEquals(3, obs.size());
        Observation last = obs.get(2);
        assertEquals("usd_mxn", last.rate());
        assertEquals(new BigDecimal("17.0458"), last.value());
        assertEquals(LocalDate.of(2024, 1, 4), last.asOf());
        assertEquals("secret-token", upstream.last().header("Bmx-Token"));
        assertFalse(last.sourceUrl().contains("secret-token"));
    }

    /**
     * Built from the documented format (research §3.1; bbk R/banxico.R maps N/E to NA): both series
     * in one answer, the 1 Jan holiday marked N/E, and an unrelated series with a thousands separator.
     * FIX 19.8457 and TIIE 4.4805 on 2021-01-04 are the values a public live test asserts.
     */
    @Test
    void nEHolidaysAreSkippedAndBothSeriesAreMapped() {
        upstream.serve("/series/SF43718,SF43783/datos/2020-12-16/2021-01-05", "documented/banxico-sie-two-series.json", "application/json");
        List<Observation> obs = new BanxicoSieSource(JsonMapper.createDefault(), upstream.url(), "t")
                .fetch(http, Instant.parse("2021-01-05T18:00:00Z"));

        assertEquals(4, obs.size(), "two days per series; N/E skipped; SP68257 is not ours");
        assertTrue(obs.stream().noneMatch(o -> o.asOf().equals(LocalDate.of(2021, 1, 1))));
        assertTrue(obs.stream().anyMatch(o -> o.rate().equals("tiie_28") && o.value().equals(new BigDecimal("4.4805"))
                && o.asOf().equals(LocalDate.of(2021, 1, 4))));
        assertTrue(obs.stream().anyMatch(o -> o.rate().equals("usd_mxn") && o.value().equals(new BigDecimal("19.8457"))));
    }

    @Test
    void withoutATokenBanxicoSaysCredentialsAreMissingAndIsNeverCalled() {
        var source = new BanxicoSieSource(JsonMapper.createDefault(), upstream.url(), "");
        assertTrue(source.credentialsMissing());
        assertEquals(List.of("QUIPU_RATES_BANXICO_TOKEN"), source.credentialSettings());
        var e = assertThrows(UpstreamException.class, () -> source.fetch(http, FETCHED));
        assertTrue(e.getMessage().startsWith("credentials_missing") && e.getMessage().contains("QUIPU_RATES_BANXICO_TOKEN"));
        assertTrue(upstream.seen().isEmpty());
    }

    /** Recorded real DolarApi México answers (enzonotario/dolarapi.com datos/mx/v1/cotizaciones/usd), as bundled. */
    @Test
    void dolarApiRelaysTheFixDatedByItsUtcDateAndLabelledUnofficial() {
        upstream.serveBundled("/v1/cotizaciones/usd", "dolarapi-mx-fix/usd/mx-v1-cotizaciones-usd-2026-08-14-eod.json",
                "application/json; charset=utf-8");
        List<Observation> obs = new DolarApiMxSource(JsonMapper.createDefault(), upstream.url())
                .fetch(http, Instant.parse("2026-08-15T12:00:00Z"));

        assertEquals(1, obs.size());
        assertEquals(new BigDecimal("17.0218"), obs.get(0).value(), "fix, not compra or venta");
        assertEquals(LocalDate.of(2026, 8, 14), obs.get(0).asOf(), "midnight UTC is the FIX's own date, not 13 Aug in Mexico");
        assertFalse(obs.get(0).official());
        assertTrue(obs.get(0).source().contains("unofficial"));
    }
}
