package dev.quipu.gateway.stream;

import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code GET /rates/stream} over HTTP: the literal route, 422s, event names and ids, heartbeats, the
 * trial limit and single-use tokens. payment-service is a stand-in answering as the real one does;
 * updates are handed to {@link LatestRates} as the Kafka reader would (that reader has its own test).
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RatesStreamControllerTest implements TestPropertyProvider {

    private static final Duration WAIT = Duration.ofSeconds(10);
    private FakePaymentService payments;

    @Inject
    EmbeddedServer server;

    @Inject
    LatestRates latest;

    @Inject
    JsonMapper json;

    @Override
    public Map<String, String> getProperties() {
        try {
            payments = new FakePaymentService();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, String> props = new HashMap<>();
        props.putAll(dev.quipu.gateway.BackendUrls.allAt(payments.url()));
        props.put("kafka.enabled", "false");
        props.put("quipu.gateway.paywall.enabled", "false");
        props.put("quipu.gateway.stream.heartbeat", "300ms");
        return props;
    }

    @AfterAll
    void stop() {
        payments.close();
    }

    private SseClient open(String query) {
        return SseClient.open(URI.create(server.getURI() + "/rates/stream" + query));
    }

    private void publish(String country, String eventId) {
        latest.accept(new RatesUpdate(country, eventId, "2026-11-22T12:00:00Z",
                "{\"event_id\":\"" + eventId + "\",\"country\":\"" + country + "\",\"values\":{}}"));
    }

    @Test
    void theLiteralRouteServesAnEventStreamWithTheCountrysLatestSet() {
        publish("MX", "mx-1");
        try (SseClient stream = open("?country=MX&max_events=1&stream_token=" + token("MX"))) {
            assertEquals(200, stream.status());
            assertTrue(stream.header("Content-Type").startsWith("text/event-stream"), stream.header("Content-Type"));
            SseClient.Sse first = stream.nextEvent(WAIT);
            assertEquals("rates", first.name());
            assertEquals("1", first.id());
            assertTrue(first.data().contains("\"event_id\":\"mx-1\""), first.data());
            SseClient.Sse end = stream.nextEvent(WAIT);
            assertEquals("end", end.name());
            assertEquals("2", end.id());
            assertEquals("{\"reason\":\"max_events\",\"events\":1}", end.data());
        }
    }

    @Test
    void anIntervalBelowFiveSecondsIs422WithTheSpecBody() throws IOException {
        try (SseClient stream = open("?interval=4")) {
            assertEquals(422, stream.status());
            Map<?, ?> body = json.readValue(stream.body(), Map.class);
            Map<?, ?> error = (Map<?, ?>) ((List<?>) body.get("detail")).get(0);
            assertEquals(List.of("query", "interval"), error.get("loc"));
            assertEquals("greater_than_equal", error.get("type"));
        }
    }

    @Test
    void malformedValuesAre422AndNothingIsCounted() {
        int before = payments.requests.size();
        for (String query : List.of("?interval=abc", "?interval=301", "?max_events=0", "?max_events=101",
                "?country=US", "?stream_token=x")) {
            try (SseClient stream = open(query)) {
                assertEquals(422, stream.status(), query);
            }
        }
        assertEquals(before, payments.requests.size());
    }

    @Test
    void heartbeatsAreSentBetweenUpdates() {
        publish("PE", "pe-1");
        try (SseClient stream = open("?country=PE&interval=300&stream_token=" + token("PE"))) {
            assertEquals("rates", stream.next(WAIT).name());
            SseClient.Sse heartbeat = stream.next(WAIT);
            assertEquals("heartbeat", heartbeat.comment());
        }
    }

    @Test
    void aTrialStreamGetsThreeEventsThenALimitEventThatClosesIt() throws IOException {
        publish("CL", "cl-0");
        try (SseClient stream = open("?country=CL&interval=300")) {
            assertEquals(200, stream.status());
            for (int i = 1; i <= 3; i++) {
                SseClient.Sse event = stream.nextEvent(WAIT);
                assertEquals("rates", event.name());
                assertEquals(Integer.toString(i), event.id());
                publish("CL", "cl-" + i);
            }
            SseClient.Sse limit = stream.nextEvent(WAIT);
            assertEquals("limit", limit.name());
            assertEquals("4", limit.id());
            Map<?, ?> data = json.readValue(limit.data(), Map.class);
            assertEquals("trial_exhausted", data.get("error"));
            assertEquals(86399, ((Number) data.get("retry_after_seconds")).intValue());
        }
        try (SseClient again = open("?country=CL&interval=300")) {
            assertEquals("limit", again.nextEvent(WAIT).name());
        }
    }

    @Test
    void aStreamTokenOpensOneStreamOnly() throws IOException {
        publish("BR", "br-1");
        String token = token("BR");
        try (SseClient first = open("?country=BR&max_events=1&stream_token=" + token)) {
            assertEquals(200, first.status());
            assertEquals("rates", first.nextEvent(WAIT).name());
        }
        try (SseClient second = open("?country=BR&max_events=1&stream_token=" + token)) {
            assertEquals(402, second.status());
            Map<?, ?> body = json.readValue(second.body(), Map.class);
            assertEquals("stream_token_used", body.get("error"));
            assertTrue(((String) body.get("hint")).contains("/rates/stream/token"));
        }
    }

    @Test
    void aTokenOfAnotherCountryIsRefusedAndStaysUnused() throws IOException {
        String token = token("AR");
        try (SseClient stream = open("?country=CO&stream_token=" + token)) {
            assertEquals(402, stream.status());
            assertEquals("stream_token_country_mismatch", json.readValue(stream.body(), Map.class).get("error"));
        }
        assertFalse(payments.wasConsumed(token));
    }

    @Test
    void anUnknownTokenIs402() throws IOException {
        try (SseClient stream = open("?stream_token=st_never_issued_0123456789")) {
            assertEquals(402, stream.status());
            assertEquals("stream_token_unknown", json.readValue(stream.body(), Map.class).get("error"));
        }
    }

    @Test
    void xPaymentBuysATokenThroughTheTokenOperationAndUsesItAtOnce() {
        publish("AR", "ar-1");
        int before = payments.requests.size();
        try (SseClient stream = open("?country=AR&max_events=1&x_payment=eyJ4NDAyVmVyc2lvbiI6Mn0")) {
            assertEquals(200, stream.status());
            assertEquals("rates", stream.nextEvent(WAIT).name());
        }
        List<String> calls = payments.requests.subList(before, payments.requests.size());
        assertTrue(calls.contains("POST /rates/stream/token?country=AR"), calls.toString());
        assertTrue(calls.contains("POST /internal/stream-tokens/consume"), calls.toString());
    }

    @Test
    void whenPaymentServiceFailsATokenIsNotUsedAndTheAnswerIs503() {
        String token = token("CO");
        payments.down = true;
        try (SseClient stream = open("?stream_token=" + token)) {
            assertEquals(503, stream.status());
        } finally {
            payments.down = false;
        }
        assertFalse(payments.wasConsumed(token));
    }

    private int issued;

    private String token(String country) {
        String token = "st_test_" + country + "_" + (issued++) + "_0123456789abcdef";
        payments.issue(token, country);
        return token;
    }
}
