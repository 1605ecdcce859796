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
        upstream.serve("/estadisticas/v4.0/Monetarias/5", "documented/bcra-a3500.json", "application/json");
        List<Observation> obs = new BcraSource(JsonMapper.createDefault(), upstream.url()).fetch(http, FETCHED);

        assertEquals(3, obs.size());
        assertEquals(new BigDecimal("810.65"), obs.get(0).value());
        assertEquals(LocalDate.of(2024, 1, 3), obs.get(0).asOf());
        assertTrue(obs.get(0).official());
        assertEquals("limit=10", upstream.last().query());
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
