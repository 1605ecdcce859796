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

class ArgentinaSourcesTest {

    static final Instant FETCHED = Instant.parse("2026-08-23T12:00:00Z");
    final FakeUpstream upstream = new FakeUpstream();
    final Transport http = new HttpTransport(Duration.ofSeconds(5));

    @AfterEach
    void stop() {
        upstream.close();
    }

    /**
     * No recorded BCRA v4.0 answer exists in shared data: the fixture follows the documented v4.0
     * shape (research §3.1: nested detalle, newest first; 810.0 on 2024-01-02 is the quoted example).
     */
    @Test
    void bcraReadsTheNestedDetalleOfVariableFive() {
        upstream.serve("/estadisticas/v4.0/monetarias/5", "documented/bcra-a3500.json", "application/json");
        List<Observation> obs = new BcraSource(JsonMapper.createDefault(), upstream.url()).fetch(http, FETCHED);

        assertEquals(3, obs.size());
        assertEquals(new BigDecimal("810.65"), obs.get(0).value());
        assertEquals(LocalDate.of(2024, 1, 3), obs.get(0).asOf());
        assertTrue(obs.get(0).official());
        assertEquals("desde=2026-08-09&hasta=2026-08-23&limit=10", upstream.last().query());
    }

    /**
     * Recorded real BCRA v4.0 exchange (fernandezgonzalo/bcra-sdk cassette, TRANSCRIBED): variable 1, as no
     * recording of variable 5 exists; the shape is the same. The weekend is simply absent.
     */
    @Test
    void bcraV4AnswersAreReadAsRecorded() {
        upstream.serveCassette("upstream/recorded/bcra-v4-monetarias-1.cassette.json");
        List<Observation> obs = new BcraSource(JsonMapper.createDefault(), upstream.url(), "bcra-reserves", 1, "reserves")
                .fetch(http, Instant.parse("2025-05-26T20:00:00Z"));

        assertEquals(5, obs.size());
        assertEquals(0, new BigDecimal("38384").compareTo(obs.get(0).value()));
        assertEquals(LocalDate.of(2025, 5, 26), obs.get(0).asOf());
        assertTrue(obs.stream().noneMatch(o -> o.asOf().getDayOfWeek().getValue() >= 6));
    }

    /** Recorded real BCRA Estadísticas Cambiarias exchange (same repository, TRANSCRIBED), as bundled. */
    @Test
    void cambiariasGivesTheComA3500ReferenceNotTheUsdQuote() {
        upstream.serveCassette("snapshots/bcra-cambiarias/cotizaciones/cassette-cambiarias-v1-cotizaciones-2024-06-12.json");
        List<Observation> obs = new BcraCambiariasSource(JsonMapper.createDefault(), upstream.url()).fetch(http, FETCHED);

        assertEquals(1, obs.size());
        assertEquals(0, new BigDecimal("902.25").compareTo(obs.get(0).value()), "REF, not USD 901.5");
        assertEquals(LocalDate.of(2024, 6, 12), obs.get(0).asOf());
        assertTrue(obs.get(0).official());
    }

    /** Recorded real ArgentinaDatos days (enzonotario/argentinadatos.com, TRANSCRIBED), as bundled. */
    @Test
    void argentinaDatosWalksBackToTheNewestDayAndKeepsItsOwnDate() {
        upstream.serveBundled("/v1/cotizaciones/dolares/blue/2026/08/15", "argentinadatos-blue/day/blue-2026-08-15.json",
                "application/json");
        List<Observation> obs = new ArgentinaDatosSource(JsonMapper.createDefault(), upstream.url())
                .fetch(http, Instant.parse("2026-08-17T12:00:00Z"));

        assertEquals(List.of("/v1/cotizaciones/dolares/blue/2026/08/17", "/v1/cotizaciones/dolares/blue/2026/08/16",
                "/v1/cotizaciones/dolares/blue/2026/08/15"), upstream.seen().stream().map(FakeUpstream.Seen::path).toList());
        assertEquals(new BigDecimal("1545"), obs.get(0).value());
        assertEquals(LocalDate.of(2026, 8, 15), obs.get(0).asOf(), "Saturday's row carries Friday's quote under its own date");
        assertFalse(obs.get(0).official());
    }

    @Test
    void argentinaDatosStopsWalkingBackOnAnythingButNotFound() {
        upstream.fail("/v1/cotizaciones/dolares/blue/2026/08/17", 503);
        var source = new ArgentinaDatosSource(JsonMapper.createDefault(), upstream.url());
        var e = assertThrows(UpstreamException.class, () -> source.fetch(http, Instant.parse("2026-08-17T12:00:00Z")));
        assertEquals(503, e.status());
        assertEquals(1, upstream.seen().size());
    }

    /** Recorded real DolarApi answer (enzonotario/dolarapi.com datos/v1/dolares/blue). */
    @Test
    void blueIsTheSellQuoteDatedInBuenosAiresAndLabelledUnofficial() {
        upstream.serve("/v1/dolares/blue", "recorded/dolarapi-blue.json", "application/json");
        List<Observation> obs = new DolarApiSource(JsonMapper.createDefault(), upstream.url(), "blue", "usd_ars_blue").fetch(http, FETCHED);

        assertEquals(1, obs.size());
        assertEquals(new BigDecimal("1550"), obs.get(0).value());
        assertEquals(LocalDate.of(2026, 8, 22), obs.get(0).asOf());
        assertFalse(obs.get(0).official());
        assertTrue(obs.get(0).source().contains("unofficial"));
    }

    @Test
    void dolarApiAnsweringAnotherCasaIsAFailure() {
        upstream.serve("/v1/dolares/blue", "recorded/dolarapi-mayorista.json", "application/json");
        var source = new DolarApiSource(JsonMapper.createDefault(), upstream.url(), "blue", "usd_ars_blue");
        assertThrows(UpstreamException.class, () -> source.fetch(http, FETCHED));
    }

    /** Bluelytics /v2/latest in the shape of Bluelytics/bluelytics_api v2.go; numbers illustrative. */
    @Test
    void bluelyticsDatesTheQuoteByItsOffsetTimestamp() {
        upstream.serve("/v2/latest", "documented/bluelytics-latest.json", "application/json");
        List<Observation> obs = new BluelyticsSource(JsonMapper.createDefault(), upstream.url()).fetch(http, FETCHED);

        assertEquals(new BigDecimal("1550.0"), obs.get(0).value());
        assertEquals(LocalDate.of(2026, 8, 22), obs.get(0).asOf());
    }
}
