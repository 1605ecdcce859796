package dev.quipu.gateway.paywall;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.micronaut.http.HttpHeaders;
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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The gateway's paywall against a local fake of payment-service's internal payments API and a fake
 * sanctions backend: what the gateway sends, and how it turns each decision into the answer.
 */
@MicronautTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class X402PaywallTest implements TestPropertyProvider {

    static final String VALID = "{\"name\":\"Juan Perez\",\"country\":\"CO\",\"type\":\"person\"}";

    HttpServer fake;
    final List<Map<String, Object>> admits = new CopyOnWriteArrayList<>();
    final List<Map<String, Object>> completes = new CopyOnWriteArrayList<>();
    volatile int backendStatus = 200;
    volatile String completeAnswer;
    volatile boolean paymentDown;

    @Inject
    @Client("/")
    HttpClient http;

    @Inject
    JsonMapper json;

    @Override
    public Map<String, String> getProperties() {
        try {
            fake = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        fake.createContext("/internal/payments/admit", ex -> {
            Map<String, Object> req = read(ex);
            admits.add(req);
            if (paymentDown) {
                send(ex, 500, "{}");
            } else if ("good".equals(req.get("paymentSignature"))) {
                send(ex, 200, "{\"decision\":\"admit\",\"access\":\"paid\",\"payer\":\"0xabc\",\"chargedAtomic\":50000,"
                        + "\"paymentRef\":{\"network\":\"eip155:8453\",\"nonce\":\"0x01\"},\"ticket\":\"pay:1\"}");
            } else {
                send(ex, 200, "{\"decision\":\"respond\",\"status\":402,\"headers\":{\"PAYMENT-REQUIRED\":\"e30=\","
                        + "\"Cache-Control\":\"no-store\"},\"contentType\":\"application/json\",\"bodyBase64\":\""
                        + Base64.getEncoder().encodeToString("{\"x402Version\":1}".getBytes()) + "\"}");
            }
        });
        fake.createContext("/internal/payments/complete", ex -> {
            completes.add(read(ex));
            send(ex, 200, completeAnswer);
        });
        fake.createContext("/internal/budget/reserve", ex -> {
            ex.getRequestBody().readAllBytes();
            send(ex, 200, "{\"reserved\":true,\"state\":\"unlimited\"}"); // an agent without a spending cap
        });
        fake.createContext("/sanctions", ex -> {
            ex.getRequestBody().readAllBytes();
            send(ex, backendStatus, backendStatus == 200 ? "{\"risk_score\":0}" : "{\"error\":\"boom\"}");
        });
        fake.start();
        String url = "http://127.0.0.1:" + fake.getAddress().getPort();
        return Map.of("quipu.gateway.services.payment.url", url, "quipu.gateway.services.sanctions.url", url,
                "quipu.gateway.services.reputation.url", url);
    }

    @AfterAll
    void stop() {
        fake.stop(0);
    }

    @BeforeEach
    void reset() {
        admits.clear();
        completes.clear();
        backendStatus = 200;
        paymentDown = false;
        completeAnswer = "{\"decision\":\"deliver\",\"headers\":{\"PAYMENT-RESPONSE\":\"eyJzdWNjZXNzIjp0cnVlfQ==\"}}";
    }

    @SuppressWarnings("unchecked")
    Map<String, Object> read(HttpExchange ex) throws IOException {
        return json.readValue(ex.getRequestBody().readAllBytes(), Map.class);
    }

    static void send(HttpExchange ex, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().add("Content-Type", "application/json");
        ex.sendResponseHeaders(status, bytes.length);
        ex.getResponseBody().write(bytes);
        ex.close();
    }

    HttpResponse<String> call(HttpRequest<?> request) {
        try {
            return http.toBlocking().exchange(request, String.class);
        } catch (HttpClientResponseException e) {
            @SuppressWarnings("unchecked")
            HttpResponse<String> r = (HttpResponse<String>) e.getResponse();
            return r;
        }
    }

    String body(HttpResponse<?> r) {
        return r.getBody(String.class).orElse("");
    }

    @Test
    void unpaidCallAnswersThePaymentServiceChallenge() {
        HttpResponse<String> r = call(HttpRequest.POST("/sanctions", VALID).header("Origin", "https://agent.example"));
        assertEquals(402, r.code());
        assertEquals("e30=", r.header("PAYMENT-REQUIRED"));
        assertEquals("no-store", r.header("Cache-Control"));
        assertTrue(r.header(HttpHeaders.ACCESS_CONTROL_EXPOSE_HEADERS).contains("PAYMENT-REQUIRED"));
        assertEquals("{\"x402Version\":1}", body(r));
        assertEquals("sanctions_screen", admits.get(0).get("operationId"));
        assertTrue(((String) admits.get(0).get("resourceUrl")).endsWith("/sanctions"));
        assertTrue(completes.isEmpty());
    }

    @Test
    void invalidBodyIs422AndNeverReachesThePaywall() {
        HttpResponse<String> r = call(HttpRequest.POST("/sanctions", "{\"country\":\"CO\"}").header("PAYMENT-SIGNATURE", "good"));
        assertEquals(422, r.code());
        assertTrue(admits.isEmpty());
    }

    @Test
    void paidCallIsForwardedThenCompletedWithTheBackendAnswer() {
        HttpResponse<String> r = call(HttpRequest.POST("/sanctions", VALID).header("PAYMENT-SIGNATURE", "good")
                .header("X-Agent-Id", "agent-7"));
        assertEquals(200, r.code());
        assertTrue(body(r).startsWith("{\"risk_score\":0"), body(r));
        assertEquals("eyJzdWNjZXNzIjp0cnVlfQ==", r.header("PAYMENT-RESPONSE"));
        assertEquals("agent-7", admits.get(0).get("agentId"));
        Map<String, Object> done = completes.get(0);
        assertEquals("pay:1", done.get("ticket"));
        assertEquals(200, done.get("status"));
        @SuppressWarnings("unchecked")
        Map<String, Object> event = (Map<String, Object>) done.get("event");
        assertEquals("paid", event.get("access"));
        assertEquals(50000, ((Number) event.get("charged_atomic")).intValue());
    }

    @Test
    void backendErrorIsRelayedAndReportedSoNothingIsSettled() {
        backendStatus = 500;
        completeAnswer = "{\"decision\":\"deliver\",\"headers\":{}}";
        HttpResponse<String> r = call(HttpRequest.POST("/sanctions", VALID).header("PAYMENT-SIGNATURE", "good"));
        assertEquals(500, r.code());
        assertNull(r.header("PAYMENT-RESPONSE"));
        assertEquals(500, completes.get(0).get("status"));
    }

    @Test
    void settlementFailureReplacesTheDataWithA402() {
        completeAnswer = "{\"decision\":\"respond\",\"status\":402,\"headers\":{\"PAYMENT-RESPONSE\":\"eyJzdWNjZXNzIjpmYWxzZX0=\"},"
                + "\"contentType\":\"application/json\",\"bodyBase64\":\"" + Base64.getEncoder().encodeToString("{}".getBytes()) + "\"}";
        HttpResponse<String> r = call(HttpRequest.POST("/sanctions", VALID).header("PAYMENT-SIGNATURE", "good"));
        assertEquals(402, r.code());
        assertEquals("eyJzdWNjZXNzIjpmYWxzZX0=", r.header("PAYMENT-RESPONSE"));
        assertFalse(body(r).contains("risk_score"));
    }

    @Test
    void paymentServiceDownMeansNothingRuns() {
        paymentDown = true;
        HttpResponse<String> r = call(HttpRequest.POST("/sanctions", VALID).header("PAYMENT-SIGNATURE", "good"));
        assertEquals(503, r.code());
        assertTrue(body(r).contains("payments_unavailable"));
        assertTrue(completes.isEmpty());
    }

    @Test
    void corsPreflightAllowsThePaymentHeaders() {
        HttpResponse<String> r = call(HttpRequest.OPTIONS("/sanctions").header("Origin", "https://agent.example")
                .header("Access-Control-Request-Method", "POST")
                .header("Access-Control-Request-Headers", "PAYMENT-SIGNATURE,X-PAYMENT,X-TRIAL,X-Agent-Id,Content-Type"));
        assertEquals(200, r.code());
        String allowed = String.join(",", r.getHeaders().getAll(HttpHeaders.ACCESS_CONTROL_ALLOW_HEADERS)).toUpperCase();
        assertTrue(allowed.contains("PAYMENT-SIGNATURE") && allowed.contains("X-PAYMENT") && allowed.contains("X-TRIAL"), r.getHeaders().asMap().toString());
    }
}
