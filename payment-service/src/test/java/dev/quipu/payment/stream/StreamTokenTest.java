package dev.quipu.payment.stream;

import dev.quipu.testkit.SuiteResources;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Stream tokens: minted by the paid operation, bound to a country, consumed once. */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StreamTokenTest implements TestPropertyProvider {

    @Inject
    @Client("/")
    HttpClient http;

    @Override
    public Map<String, String> getProperties() {
        Map<String, String> p = new HashMap<>(SuiteResources.forService("quipu_payment_stream_test"));
        p.put("quipu.outbox.poll-interval", "1h");
        return p;
    }

    @SuppressWarnings("unchecked")
    Map<String, Object> mint(String method, String query) {
        HttpRequest<?> req = "GET".equals(method) ? HttpRequest.GET("/rates/stream/token" + query)
                : HttpRequest.POST("/rates/stream/token" + query, "");
        return http.toBlocking().retrieve(req, Map.class);
    }

    int consume(String token, String country) {
        try {
            return http.toBlocking().exchange(HttpRequest.POST("/internal/stream-tokens/consume",
                    Map.of("stream_token", token, "country", country))).code();
        } catch (HttpClientResponseException e) {
            return e.code();
        }
    }

    @Test
    void postAndGetMintATokenBoundToTheCountryValidFiveMinutes() {
        Map<String, Object> posted = mint("POST", "?country=MX");
        assertEquals("MX", posted.get("country"));
        assertTrue(((String) posted.get("stream_token")).startsWith("st_"));
        Duration ttl = Duration.between(Instant.now(), Instant.parse((String) posted.get("expires_at")));
        assertTrue(ttl.toSeconds() > 290 && ttl.toSeconds() <= 300, ttl.toString());
        assertEquals("CO", mint("GET", "").get("country"), "country defaults to CO");
    }

    @Test
    void unknownCountryIs422FromTheRealControllerNotThePendingOne() {
        HttpClientResponseException e = org.junit.jupiter.api.Assertions.assertThrows(HttpClientResponseException.class,
                () -> mint("GET", "?country=US"));
        assertEquals(422, e.code());
        assertTrue(e.getResponse().getBody(String.class).orElse("").contains("\"loc\""));
    }

    @Test
    void aTokenOpensOneStreamOnlyAndOnlyForItsCountry() {
        String token = (String) mint("POST", "?country=BR").get("stream_token");
        assertEquals(409, consume(token, "CO"));
        assertEquals(200, consume(token, "BR"));
        assertEquals(410, consume(token, "BR"));
        assertEquals(404, consume("st_nope", "BR"));
    }

    @Test
    void concurrentConsumersGetTheTokenExactlyOnce() throws Exception {
        String token = (String) mint("POST", "?country=CL").get("stream_token");
        ExecutorService pool = Executors.newFixedThreadPool(10);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                results.add(pool.submit(() -> consume(token, "CL")));
            }
            int ok = 0;
            for (Future<Integer> f : results) {
                ok += f.get() == 200 ? 1 : 0;
            }
            assertEquals(1, ok);
        } finally {
            pool.shutdownNow();
        }
    }
}
