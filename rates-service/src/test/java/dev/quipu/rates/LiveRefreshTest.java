package dev.quipu.rates;

import dev.quipu.rates.sources.FakeUpstream;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import io.micronaut.json.JsonMapper;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.util.Map;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Live by default: a local server plays datos.gov.co with a real recorded answer, the bundle holds an
 * older real recording (the 2014 TRM), and the service refreshes every second.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LiveRefreshTest implements TestPropertyProvider {

    static final String TRM = "/resource/32sa-8pi3.json";
    final FakeUpstream datosGov = new FakeUpstream().fail(TRM, 503);

    @Inject
    @Client("/")
    HttpClient http;
    @Inject
    JsonMapper json;

    @Override
    public Map<String, String> getProperties() {
        Map<String, String> p = Publishers.liveWithEveryPublisherAt(datosGov.url());
        p.put("quipu.rates.snapshot-root", "test-snapshots");
        p.put("quipu.rates.refresh-interval", "1s");
        p.put("quipu.rates.breaker-open-for", "1s");
        return p;
    }

    @AfterAll
    void stop() {
        datosGov.close();
    }

    @Test
    @Order(1) // the recording serves only until the first success: this runs before any other test serves the TRM
    @SuppressWarnings("unchecked")
    void aLiveAnswerReplacesTheRecordingAndIsKeptStaleWhenThePublisherFailsAgain() {
        Map<String, Object> before = colombiaOnce(r -> String.valueOf(((Map<String, Object>) r.get("usd_cop")).get("note"))
                .contains("fetch failed"));
        Map<String, Object> recorded = (Map<String, Object>) before.get("usd_cop");
        assertEquals("snapshot", recorded.get("source_mode"), "a failing publisher: the bundled recording serves");
        assertEquals("2014-02-03", recorded.get("as_of"));
        assertEquals("snapshots/datos-gov-co-trm/trm/trm_sample.json", recorded.get("recording"));
        assertTrue(((String) recorded.get("note")).contains("datos-gov-co-trm: fetch failed: HTTP 503"), (String) recorded.get("note"));

        datosGov.serveBundled(TRM, "datos-gov-co-trm/trm/32sa-8pi3-2024-12-31_2025-04-30.json", "application/json");
        Map<String, Object> live = (Map<String, Object>) colombiaOnce(r -> "live".equals(mode(r))).get("usd_cop");
        assertEquals(4198.83, ((Number) live.get("value")).doubleValue(), "rate updated");
        assertEquals("2025-04-30", live.get("as_of"));
        assertEquals(false, live.get("stale"));
        assertTrue(!live.containsKey("note"), "nothing to explain");
        assertTrue(!live.containsKey("recording"), "fetched, not read from the bundle");

        datosGov.fail(TRM, 503);
        Map<String, Object> answer = colombiaOnce(r -> "stale".equals(mode(r)));
        Map<String, Object> stale = (Map<String, Object>) answer.get("usd_cop");
        assertEquals(4198.83, ((Number) stale.get("value")).doubleValue(), "the last good value is kept");
        assertEquals("2025-04-30", stale.get("as_of"));
        assertEquals(true, stale.get("stale"));
        assertTrue(((String) stale.get("note")).contains("fetch failed: HTTP 503"));
        assertEquals("stale", answer.get("source_mode"), "the only value of the answer is stale");
        assertTrue(((String) answer.get("__freshness")).startsWith("stale; as_of=2025-04-30; age="), (String) answer.get("__freshness"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void healthShowsEachSourcesModeLastSuccessLastErrorAndNextAttempt() {
        datosGov.serveBundled(TRM, "datos-gov-co-trm/trm/32sa-8pi3-2024-12-31_2025-04-30.json", "application/json");
        Map<String, Object> trm = source("datos-gov-co-trm", s -> s.get("last_success") != null);
        assertNotNull(trm.get("next_attempt"));
        Map<String, Object> sgs = source("bcb-sgs-432", s -> s.get("last_error") != null);
        assertEquals("unavailable", sgs.get("mode"), "no recording of it in this bundle, and its publisher 404s");
        assertTrue(((String) ((Map<String, Object>) sgs.get("last_error")).get("message")).contains("HTTP 404"));
        assertNotNull(((Map<String, Object>) sgs.get("last_error")).get("at"));
        assertEquals(true, source("bcch-siete", s -> true).get("credentials_missing"));
    }

    @Test
    void aCountryWithoutASingleValueAnswers503WithTheReasonsSoNothingIsCharged() {
        var e = org.junit.jupiter.api.Assertions.assertThrows(HttpClientResponseException.class,
                () -> http.toBlocking().exchange(HttpRequest.POST("/rates", Map.of("country", "PE")), String.class));
        assertEquals(503, e.getStatus().getCode());
        String body = e.getResponse().getBody(String.class).orElseThrow();
        assertTrue(body.contains("\"unavailable\"") && body.contains("bcrp-data") && body.contains("no recording bundled"), body);
        assertEquals("unavailable", e.getResponse().header("X-Data-Freshness"));
    }

    @SuppressWarnings("unchecked")
    static String mode(Map<String, Object> answer) {
        return (String) ((Map<String, Object>) answer.get("usd_cop")).get("source_mode");
    }

    /** Asks for Colombia until the answer shows what {@code wanted} waits for (refreshes run every second). */
    @SuppressWarnings("unchecked")
    Map<String, Object> colombiaOnce(Predicate<Map<String, Object>> wanted) {
        long deadline = System.currentTimeMillis() + 15_000;
        while (true) {
            HttpResponse<String> r = http.toBlocking().exchange(HttpRequest.POST("/rates", Map.of("country", "CO")), String.class);
            try {
                Map<String, Object> answer = json.readValue(r.body(), Map.class);
                answer.put("__freshness", r.header("X-Data-Freshness"));
                if (wanted.test(answer) || System.currentTimeMillis() > deadline) {
                    return answer;
                }
                Thread.sleep(200);
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    @SuppressWarnings("unchecked")
    Map<String, Object> source(String id, Predicate<Map<String, Object>> wanted) {
        long deadline = System.currentTimeMillis() + 15_000;
        while (true) {
            Map<String, Object> health = http.toBlocking().retrieve(HttpRequest.GET("/health"), Map.class);
            Map<String, Object> details = (Map<String, Object>) ((Map<String, Object>) ((Map<String, Object>) health.get("details"))
                    .get("rate_sources")).get("details");
            Map<String, Object> source = ((Map<String, Map<String, Object>>) details.get("sources")).get(id);
            if (wanted.test(source) || System.currentTimeMillis() > deadline) {
                return source;
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
