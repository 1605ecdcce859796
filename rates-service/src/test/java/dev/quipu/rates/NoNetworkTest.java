package dev.quipu.rates;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.json.JsonMapper;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The default (live) mode on a machine without network: every publisher's address refuses the
 * connection, no credentials are configured. Every country is answered from the bundled recordings.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NoNetworkTest implements TestPropertyProvider {

    @Inject
    @Client("/")
    HttpClient http;
    @Inject
    JsonMapper json;

    @Override
    public Map<String, String> getProperties() {
        return Publishers.liveWithEveryPublisherAt(Publishers.refusing());
    }

    @Test
    @SuppressWarnings("unchecked")
    void allSixCountriesAnswerEveryValueWithItsDatesModeOfficialFlagAndSource() {
        for (String country : List.of("CO", "MX", "BR", "CL", "PE", "AR")) {
            HttpResponse<String> r = http.toBlocking().exchange(HttpRequest.POST("/rates", Map.of("country", country)), String.class);
            assertEquals(200, r.code(), country);
            Map<String, Object> answer = read(r.body());
            assertEquals("snapshot", answer.get("source_mode"), country);
            assertTrue(r.header("X-Data-Freshness").startsWith("snapshot; as_of="), country);
            int values = 0;
            for (Map.Entry<String, Object> e : answer.entrySet()) {
                if (!(e.getValue() instanceof Map<?, ?> v) || !v.containsKey("as_of")) {
                    continue;
                }
                values++;
                String what = country + " " + e.getKey();
                assertTrue(LocalDate.parse((String) v.get("as_of")).isBefore(LocalDate.of(2027, 1, 1)), what + ": the publisher's date");
                assertEquals("snapshot", v.get("source_mode"), what);
                assertInstanceOf(Boolean.class, v.get("official"), what);
                assertFalse(((String) v.get("source")).isBlank(), what);
                assertNotNull(v.get("age_days"), what);
            }
            assertTrue(values > 0, country);
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void theNewestRecordingsServeEachWithWhatItIs() {
        Map<String, Object> co = rates("CO");
        assertEquals("2025-04-30", value(co, "usd_cop").get("as_of"), "TRM of April 2025, not 2014");
        assertEquals("snapshots/datos-gov-co-trm/trm/32sa-8pi3-2024-12-31_2025-04-30.json", value(co, "usd_cop").get("recording"));
        Map<String, Object> cl = rates("CL");
        assertEquals("2026-10-08", value(cl, "usd_clp").get("as_of"));
        assertEquals(false, value(cl, "usd_clp").get("official"));
        assertTrue(((String) value(cl, "usd_clp").get("source")).contains("unofficial"));
        assertEquals("2026-10-10", value(cl, "uf_clp").get("as_of"));
        Map<String, Object> pe = rates("PE");
        assertEquals("2026-04", value(pe, "usd_pen").get("period"));
        Map<String, Object> ar = rates("AR");
        assertEquals(false, value(ar, "usd_ars_blue").get("official"));
        assertEquals("2026-08-22", value(ar, "usd_ars_blue").get("as_of"));
        Map<String, Object> br = rates("BR");
        assertEquals("2024-01-05", value(br, "usd_brl").get("as_of"));
        assertNull(br.get("selic"));
        assertTrue(((Map<String, String>) br.get("unavailable")).get("selic").contains("no recording bundled"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void missingCredentialsAreSaidWhereTheOfficialValueIsMissing() {
        Map<String, Object> mx = rates("MX");
        assertTrue(((String) value(mx, "usd_mxn").get("note")).startsWith("banxico-sie: credentials_missing (set QUIPU_RATES_BANXICO_TOKEN)"));
        assertTrue(((Map<String, String>) mx.get("unavailable")).get("tiie_28").contains("credentials_missing"));
        Map<String, Object> cl = rates("CL");
        assertTrue(((String) value(cl, "usd_clp").get("note")).startsWith(
                "bcch-siete: credentials_missing (set QUIPU_RATES_BCCH_USER and QUIPU_RATES_BCCH_PASSWORD)"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void everyRefusedFetchIsRecordedInHealthAndRetriedOnSchedule() throws InterruptedException {
        Map<String, Object> trm = null;
        for (long deadline = System.currentTimeMillis() + 15_000; System.currentTimeMillis() < deadline; Thread.sleep(100)) {
            trm = sources().get("datos-gov-co-trm");
            if (trm.get("last_error") != null) {
                break;
            }
        }
        assertEquals("snapshot", trm.get("mode"));
        String error = (String) ((Map<String, Object>) trm.get("last_error")).get("message");
        assertTrue(error.startsWith("no answer from http://127.0.0.1:") && error.contains("ConnectException"), error);
        assertNotNull(trm.get("next_attempt"));
        Map<String, Object> banxico = sources().get("banxico-sie");
        assertEquals(true, banxico.get("credentials_missing"));
        assertNull(banxico.get("next_attempt"), "never asked without a token");
    }

    @SuppressWarnings("unchecked")
    Map<String, Map<String, Object>> sources() {
        Map<String, Object> health = http.toBlocking().retrieve(HttpRequest.GET("/health"), Map.class);
        return (Map<String, Map<String, Object>>) ((Map<String, Object>) ((Map<String, Object>) ((Map<String, Object>) health
                .get("details")).get("rate_sources")).get("details")).get("sources");
    }

    Map<String, Object> rates(String country) {
        return read(http.toBlocking().retrieve(HttpRequest.POST("/rates", Map.of("country", country)), String.class));
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> value(Map<String, Object> answer, String rate) {
        return (Map<String, Object>) answer.get(rate);
    }

    @SuppressWarnings("unchecked")
    Map<String, Object> read(String body) {
        try {
            return json.readValue(body, Map.class);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
