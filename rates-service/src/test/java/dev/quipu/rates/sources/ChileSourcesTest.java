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

    /** Recorded real BCCh error bodies (airarrazaval/bcchapi, TRANSCRIBED): errors come in the normal envelope. */
    @Test
    void bcchRejectedCredentialsAreAFailureThatSaysSo() {
        upstream.serve("/SieteRestWS/SieteRestWS.ashx", "recorded/bcch-siete-error-credentials-invalid.json", "application/json");
        var source = new BcchSieteSource(JsonMapper.createDefault(), upstream.url(), "u", "wrong");
        var e = assertThrows(UpstreamException.class, () -> source.fetch(http, FETCHED));
        assertEquals("BCCh rejected the credentials (Codigo -5: Invalid username or password)", e.getMessage());
    }

    @Test
    void bcchInternalErrorIsAFailureNamingTheSeries() {
        upstream.serve("/SieteRestWS/SieteRestWS.ashx", "recorded/bcch-siete-error-getseries-internal-50.json", "application/json");
        var source = new BcchSieteSource(JsonMapper.createDefault(), upstream.url(), "u", "p");
        var e = assertThrows(UpstreamException.class, () -> source.fetch(http, FETCHED));
        assertTrue(e.getMessage().startsWith("BCCh refused F073.TCO.PRE.Z.D (Codigo -50: An internal error"), e.getMessage());
    }

    @Test
    void bcchWithoutCredentialsSaysSoAndIsNeverCalled() {
        var source = new BcchSieteSource(JsonMapper.createDefault(), upstream.url(), "user", null);
        assertTrue(source.credentialsMissing(), "a user without a password is not enough");
        assertThrows(UpstreamException.class, () -> source.fetch(http, FETCHED));
        assertTrue(upstream.seen().isEmpty());
    }

    /** Recorded real mindicador.cl answers (tobarcid-spec/indicadores-cl, TRANSCRIBED), as bundled. */
    @Test
    void mindicadorDatesAreChileanDaysAcrossTheSummerTimeChange() {
        upstream.serveBundled("/api/dolar", "mindicador-cl/dolar/dolar-2026-08-26_2026-10-08.json", "application/json; charset=utf-8")
                .serveBundled("/api/uf", "mindicador-cl/uf/uf-2026-09-10_2026-10-10.json", "application/json; charset=utf-8");
        List<Observation> obs = new MindicadorSource(JsonMapper.createDefault(), upstream.url()).fetch(http, FETCHED);

        List<Observation> usd = obs.stream().filter(o -> o.rate().equals("usd_clp")).toList();
        assertEquals(31, usd.size());
        assertEquals(new BigDecimal("979.85"), usd.get(0).value());
        assertEquals(LocalDate.of(2026, 10, 8), usd.get(0).asOf(), "T03:00Z in summer time is midnight in Santiago");
        assertTrue(usd.stream().anyMatch(o -> o.asOf().equals(LocalDate.of(2026, 9, 4))), "T04:00Z in winter time too");
        assertTrue(usd.stream().noneMatch(o -> o.asOf().equals(LocalDate.of(2026, 9, 18))), "no dólar on Fiestas Patrias");
        assertFalse(usd.get(0).official(), "an unofficial relay");
        assertTrue(usd.get(0).source().contains("Dólar observado"));
        List<Observation> uf = obs.stream().filter(o -> o.rate().equals("uf_clp")).toList();
        assertEquals(31, uf.size(), "the UF has every calendar day");
        assertEquals(LocalDate.of(2026, 10, 10), uf.get(0).asOf());
    }
}
