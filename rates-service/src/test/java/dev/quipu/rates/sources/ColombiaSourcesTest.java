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
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ColombiaSourcesTest {

    static final Instant FETCHED = Instant.parse("2026-03-24T15:00:00Z");
    final FakeUpstream upstream = new FakeUpstream();
    final Transport http = new HttpTransport(Duration.ofSeconds(5));

    @AfterEach
    void stop() {
        upstream.close();
    }

    /** Recorded real datos.gov.co cut (shared/data upstream/datos-gov-co-trm, TRANSCRIBED). */
    @Test
    void trmKeepsThePublishersValidityWindowOverAWeekendAndHoliday() {
        upstream.serve("/resource/32sa-8pi3.json", "recorded/datos-gov-co-trm.json", "application/json;charset=utf-8");
        List<Observation> obs = new DatosGovTrmSource(JsonMapper.createDefault(), upstream.url(), "app-token-1").fetch(http, FETCHED);

        assertEquals(3, obs.size());
        Observation weekend = obs.get(1);
        assertEquals(new BigDecimal("1936.92"), weekend.value());
        assertEquals(LocalDate.of(2014, 1, 3), weekend.asOf());
        assertEquals(LocalDate.of(2014, 1, 7), weekend.validUntil(), "Saturday to Tuesday (6 Jan holiday) is one row");
        assertEquals(FETCHED, weekend.fetchedAt());
        assertTrue(weekend.official());
        assertEquals("$order=vigenciadesde%20DESC&$limit=10", upstream.last().query());
        assertEquals("app-token-1", upstream.last().header("X-App-Token"));
    }

    /**
     * No recorded BanRep SDMX answer exists in shared data: the fixture is written from the
     * documented SDMX 2.1 Generic format (research §3.1, BanRep web-service technical document);
     * its numbers are illustrative, not real DTF values.
     */
    @Test
    void dtfReadsSdmxGenericObservationsAndSkipsNaNDays() {
        upstream.serve("/nsi-jax-ws/rest/data/ESTAT,DF_DTF_DAILY_HIST,1.0/all/ALL/", "documented/banrep-sdmx-dtf.xml", "application/xml");
        List<Observation> obs = new BanrepDtfSource(upstream.url()).fetch(http, FETCHED);

        assertEquals(2, obs.size());
        assertEquals(LocalDate.of(2026, 3, 23), obs.get(1).asOf());
        assertEquals(new BigDecimal("9.05"), obs.get(1).value());
        assertNull(obs.get(1).validUntil());
        assertTrue(upstream.last().query().startsWith("startPeriod=2026-02-07&dimensionAtObservation=TIME_PERIOD"));
    }

    @Test
    void aServerErrorIsAnUpstreamFailureNotAValue() {
        upstream.fail("/resource/32sa-8pi3.json", 503);
        var source = new DatosGovTrmSource(JsonMapper.createDefault(), upstream.url(), null);
        var e = assertThrows(UpstreamException.class, () -> source.fetch(http, FETCHED));
        assertTrue(e.getMessage().startsWith("HTTP 503"), e.getMessage());
    }
}
