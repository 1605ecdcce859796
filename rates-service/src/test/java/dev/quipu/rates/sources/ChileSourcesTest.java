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

class ChileSourcesTest {

    static final Instant FETCHED = Instant.parse("2026-03-11T15:00:00Z");
    final FakeUpstream upstream = new FakeUpstream();
    final Transport http = new HttpTransport(Duration.ofSeconds(5));

    @AfterEach
    void stop() {
        upstream.close();
    }

    /**
     * No recorded BCCh answer exists in shared data (only JSON strings inside public test code): these
     * fixtures follow that documented shape (research §3.1), encoded in ISO-8859-1 as BCCh sends them.
     * 916.36 on 10-03-2026 is the value quoted there; the other numbers are illustrative.
     */
    @Test
    void bcchReadsLatin1AnswersSkipsNdDaysAndKeepsCredentialsOutOfTheShownUrl() {
        upstream.serve("/SieteRestWS/SieteRestWS.ashx", "documented/bcch-siete-usd_clp.json", "application/json; charset=ISO-8859-1");
        var source = new BcchSieteSource(JsonMapper.createDefault(), upstream.url(), "user@example.cl", "p&ss");
        List<Observation> obs = source.fetch(http, FETCHED);

        // one path serves both series here, so usd_clp's answer is read twice: 2 OK days each
        assertEquals(4, obs.size());
        Observation last = obs.get(1);
        assertEquals("usd_clp", last.rate());
        assertEquals(new BigDecimal("916.36"), last.value());
        assertEquals(LocalDate.of(2026, 3, 10), last.asOf());
        assertTrue(last.source().contains("dólar observado"), "ISO-8859-1 decoded: " + last.source());
        assertFalse(last.sourceUrl().contains("pass") || last.sourceUrl().contains("user"));
        assertTrue(upstream.last().query().contains("&user=user%40example.cl&pass=p%26ss"), upstream.last().query());
    }

    @Test
    void bcchRejectedCredentialsAreAFailureWithTheirMessage() {
        upstream.serve("/SieteRestWS/SieteRestWS.ashx", "documented/bcch-siete-bad-credentials.json", "application/json");
        var source = new BcchSieteSource(JsonMapper.createDefault(), upstream.url(), "u", "wrong");
        var e = assertThrows(UpstreamException.class, () -> source.fetch(http, FETCHED));
        assertTrue(e.getMessage().contains("Codigo -5"), e.getMessage());
    }

    @Test
    void bcchWithoutCredentialsIsNotCalledInLiveMode() {
        var source = new BcchSieteSource(JsonMapper.createDefault(), upstream.url(), null, null);
        assertThrows(UpstreamException.class, () -> source.fetch(http, FETCHED));
        assertTrue(upstream.seen().isEmpty());
    }

    /** Recorded real mindicador.cl snapshot (pachadotdev/mindicador, GPL-3: kept as a test fixture only). */
    @Test
    void mindicadorDatesAreChileanDaysNotUtcInstants() {
        upstream.serve("/api", "recorded/mindicador-cl.json", "application/json; charset=utf-8");
        List<Observation> obs = new MindicadorSource(JsonMapper.createDefault(), upstream.url()).fetch(http, FETCHED);

        assertEquals(2, obs.size());
        Observation usd = obs.stream().filter(o -> o.rate().equals("usd_clp")).findFirst().orElseThrow();
        assertEquals(new BigDecimal("839.08"), usd.value());
        assertEquals(LocalDate.of(2020, 5, 7), usd.asOf(), "2020-05-07T04:00Z is midnight in Santiago");
        assertFalse(usd.official(), "an unofficial relay");
        Observation uf = obs.stream().filter(o -> o.rate().equals("uf_clp")).findFirst().orElseThrow();
        assertEquals(new BigDecimal("28710.79"), uf.value());
    }
}
