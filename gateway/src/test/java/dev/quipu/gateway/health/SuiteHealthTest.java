package dev.quipu.gateway.health;

import dev.quipu.gateway.routing.FakeBackend;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The gateway's /health aggregates every backend's own /health. */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SuiteHealthTest implements TestPropertyProvider {

    private FakeBackend healthy;

    @Inject
    @Client("/")
    HttpClient http;

    @Override
    public Map<String, String> getProperties() {
        try {
            healthy = new FakeBackend();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        healthy.answerWith(200, "{\"status\":\"UP\",\"details\":{\"jdbc\":{\"status\":\"UP\",\"details\":{\"database\":\"PostgreSQL\"}},"
                + "\"kafka\":{\"status\":\"UP\"},\"payments\":{\"status\":\"UP\",\"details\":{\"mode\":\"local\"}}}}");
        Map<String, String> props = new HashMap<>();
        props.putAll(dev.quipu.gateway.BackendUrls.allAt(healthy.url()));
        props.put("quipu.gateway.services.reputation.url", "http://127.0.0.1:9"); // nothing listens there
        props.put("kafka.enabled", "false");
        return props;
    }

    @AfterAll
    void stop() {
        healthy.close();
    }

    @Test
    void healthNamesEachServiceWithItsComponentsAndIsDownWhenOneIsUnreachable() {
        HttpClientResponseException e = assertThrows(HttpClientResponseException.class,
                () -> http.toBlocking().exchange(HttpRequest.GET("/health"), Map.class));
        assertEquals(503, e.getStatus().getCode());
        Map<?, ?> body = e.getResponse().getBody(Map.class).orElseThrow();
        Map<?, ?> services = (Map<?, ?>) ((Map<?, ?>) body.get("details")).get("services");
        Map<?, ?> details = (Map<?, ?>) services.get("details");
        Map<?, ?> sanctions = (Map<?, ?>) details.get("sanctions-service");
        assertEquals("UP", sanctions.get("status"));
        assertEquals(Map.of("jdbc", "UP", "kafka", "UP", "payments", "UP"), sanctions.get("components"));
        assertEquals(Map.of("mode", "local"), sanctions.get("payments"), "the suite's own indicators are passed on");
        assertEquals(null, sanctions.get("jdbc"), "infrastructure details stay on the service");
        Map<?, ?> reputation = (Map<?, ?>) details.get("reputation-service");
        assertEquals("DOWN", reputation.get("status"));
        assertTrue(String.valueOf(reputation.get("error")).contains("reputation-service unreachable"));
    }
}
