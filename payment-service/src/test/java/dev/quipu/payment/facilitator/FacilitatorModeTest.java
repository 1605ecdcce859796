package dev.quipu.payment.facilitator;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.contracts.pricebook.Operation;
import dev.quipu.contracts.pricebook.PriceBook;
import dev.quipu.payment.admission.AdmitRequest;
import dev.quipu.payment.admission.CompleteRequest;
import dev.quipu.payment.admission.Decision;
import dev.quipu.payment.admission.PaymentAdmission;
import dev.quipu.payment.admission.Settlement;
import dev.quipu.payment.x402.PaymentRequirements;
import dev.quipu.payment.x402.PaymentSigner;
import dev.quipu.proof.PaymentProofCheck;
import dev.quipu.testkit.SuiteResources;
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
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Facilitator mode against two fake facilitators ("a" preferred, "b" backup) speaking the x402
 * facilitator API: pass-through of reasons, 4xx business answers, malformed answers (502), failover
 * for verify, settle sticking to the verifier, the circuit breaker, pending settlements and Solana.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FacilitatorModeTest implements TestPropertyProvider {

    static final String DEV_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
    static final String FEE_PAYER = "CKPKJWNdJEqa81x7CkZ14BVPiY6y16Sxs7owznqtWYp5";

    /** What a fake facilitator does. */
    static final class Fake {
        final HttpServer server;
        final List<String> calls = new CopyOnWriteArrayList<>();
        final List<Map<String, Object>> bodies = new CopyOnWriteArrayList<>();
        volatile String verify = "ok";
        volatile String settle = "ok";

        Fake(JsonMapper json) throws IOException {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            server.createContext("/verify", ex -> {
                calls.add("verify");
                bodies.add(read(json, ex));
                switch (verify) {
                    case "ok" -> send(ex, 200, "{\"isValid\":true,\"payer\":\"0xf39F\"}");
                    case "invalid" -> send(ex, 400, "{\"isValid\":false,\"invalidReason\":\"insufficient_funds\",\"invalidMessage\":\"balance 0\"}");
                    case "malformed" -> send(ex, 200, "{\"valid\":\"yes\"}");
                    default -> send(ex, 500, "<html>oops</html>");
                }
            });
            server.createContext("/settle", ex -> {
                calls.add("settle");
                bodies.add(read(json, ex));
                switch (settle) {
                    case "ok" -> send(ex, 200, "{\"success\":true,\"transaction\":\"0xfeed\",\"network\":\"eip155:8453\"}");
                    case "fail" -> send(ex, 400, "{\"success\":false,\"errorReason\":\"invalid_exact_evm_transaction_failed\",\"transaction\":\"\"}");
                    case "slow" -> {
                        sleep(1500);
                        send(ex, 200, "{\"success\":true,\"transaction\":\"0xlate\"}");
                    }
                    default -> send(ex, 503, "busy");
                }
            });
            server.createContext("/supported", ex -> {
                calls.add("supported");
                send(ex, 200, "{\"kinds\":[{\"x402Version\":2,\"scheme\":\"exact\",\"network\":\"eip155:8453\"},"
                        + "{\"x402Version\":2,\"scheme\":\"exact\",\"network\":\"solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp\","
                        + "\"extra\":{\"feePayer\":\"" + FEE_PAYER + "\"}}]}");
            });
            server.start();
        }

        String url() {
            return "http://127.0.0.1:" + server.getAddress().getPort() + "/";
        }
    }

    Fake a;
    Fake b;

    @Inject
    PaymentAdmission admission;

    @Inject
    FacilitatorSettlement facilitators;

    @Inject
    PriceBook priceBook;

    @Inject
    JsonMapper json;

    javax.sql.DataSource dataSource;

    @Inject
    void plain(javax.sql.DataSource pooled, io.micronaut.jdbc.DataSourceResolver resolver) {
        this.dataSource = resolver.resolve(pooled);
    }

    @Override
    public Map<String, String> getProperties() {
        try {
            JsonMapper mapper = JsonMapper.createDefault();
            a = new Fake(mapper);
            b = new Fake(mapper);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, String> p = new HashMap<>(SuiteResources.forService("quipu_payment_facilitator_test"));
        p.put("quipu.outbox.poll-interval", "1h");
        p.put("quipu.payments.mode", "facilitator");
        p.put("quipu.payments.reconcile-interval", "1h");
        p.put("quipu.payments.circuit.failure-threshold", "3");
        p.put("quipu.payments.circuit.open-for", "400ms");
        p.put("quipu.payments.facilitators.a.url", a.url());
        p.put("quipu.payments.facilitators.a.priority", "1");
        p.put("quipu.payments.facilitators.a.timeout", "1s");
        p.put("quipu.payments.facilitators.a.auth-header", "Authorization");
        p.put("quipu.payments.facilitators.a.auth-value", "Bearer test-token");
        p.put("quipu.payments.facilitators.b.url", b.url());
        p.put("quipu.payments.facilitators.b.priority", "2");
        p.put("quipu.payments.facilitators.b.timeout", "1s");
        return p;
    }

    @AfterAll
    void stop() {
        a.server.stop(0);
        b.server.stop(0);
    }

    @BeforeEach
    void reset() throws InterruptedException {
        for (Fake f : List.of(a, b)) {
            f.verify = "ok";
            f.settle = "ok";
            f.calls.clear();
            f.bodies.clear();
        }
        if (facilitators.circuit("a") != CircuitBreaker.State.CLOSED) {
            Thread.sleep(450);
        }
    }

    Decision admit(String header) {
        return admission.admit(new AdmitRequest("sanctions_screen", "http://localhost:8080/sanctions", "10.1.1.1",
                header, null, null, null, "h"));
    }

    /** The event of the latest completion. */
    String lastEventId;

    Decision complete(String ticket) {
        CallCompleted event = new CallCompleted(UUID.randomUUID().toString(), CallCompleted.canonicalInstant(Instant.now()),
                "sanctions_screen", "POST /sanctions", "agent-1", null, "paid", "0.05", 50000, null, 200, 3, "{}", "{}", Map.of());
        lastEventId = event.eventId();
        return admission.complete(new CompleteRequest(ticket, true, 200, "application/json", null, event));
    }

    /** The call event as payment-service wrote it to its outbox. */
    CallCompleted outboxEvent(String eventId) throws Exception {
        try (Connection c = dataSource.getConnection();
             PreparedStatement st = c.prepareStatement("SELECT payload FROM call_outbox WHERE event_id = ?::uuid")) {
            st.setString(1, eventId);
            try (ResultSet rs = st.executeQuery()) {
                assertTrue(rs.next(), "event " + eventId + " is in the outbox");
                return json.readValue(rs.getString(1), CallCompleted.class);
            }
        }
    }

    String evmHeader() throws IOException {
        Operation op = priceBook.byId("sanctions_screen").orElseThrow();
        PaymentRequirements base = admission.requirements(op, null).get(0);
        return Base64.getEncoder().encodeToString(json.writeValueAsBytes(
                new PaymentSigner(DEV_KEY, json, Clock.systemUTC()).payV2(base, null)));
    }

    @SuppressWarnings("unchecked")
    Map<String, Object> header(Decision d, String name) throws IOException {
        return json.readValue(Base64.getDecoder().decode(d.headers().get(name)), Map.class);
    }

    @Test
    @SuppressWarnings("unchecked")
    void verifyAndSettleGoToTheFacilitatorInTheV2RequestShape() throws Exception {
        Decision admitted = admit(evmHeader());
        assertEquals("admit", admitted.decision());
        Map<String, Object> verifyBody = a.bodies.get(0);
        assertEquals(2, verifyBody.get("x402Version"));
        assertTrue(verifyBody.get("paymentPayload") instanceof Map, "the decoded payload, not the base64 header");
        assertEquals("50000", ((Map<String, Object>) verifyBody.get("paymentRequirements")).get("amount"));
        Decision done = complete(admitted.ticket());
        assertEquals("0xfeed", header(done, "PAYMENT-RESPONSE").get("transaction"));
        assertEquals(List.of("verify", "settle"), a.calls);
        assertTrue(b.calls.isEmpty());
        CallCompleted event = outboxEvent(lastEventId);
        assertEquals("0xfeed", event.paymentProof().settlement(), "the facilitator's transaction is the settlement reference");
        assertEquals(PaymentProofCheck.Status.VALID, PaymentProofCheck.standard().check(event).status(), event.toString());
    }

    @Test
    void aFourHundredWithIsValidFalseIsAnAnswerAndItsReasonIsPassedThrough() throws Exception {
        a.verify = "invalid";
        Decision d = admit(evmHeader());
        assertEquals(402, d.status());
        assertTrue(header(d, "PAYMENT-REQUIRED").get("error").toString().startsWith("insufficient_funds"));
        assertTrue(b.calls.isEmpty(), "a business answer is not a reason to fail over");
    }

    @Test
    void malformedAnswersFromEveryFacilitatorAre502() throws Exception {
        a.verify = "malformed";
        b.verify = "malformed";
        assertEquals(502, admit(evmHeader()).status());
    }

    @Test
    void verifyFailsOverAndSettleSticksToTheFacilitatorThatVerified() throws Exception {
        a.verify = "down";
        Decision admitted = admit(evmHeader());
        assertEquals("admit", admitted.decision());
        complete(admitted.ticket());
        assertEquals(List.of("verify"), a.calls);
        assertEquals(List.of("verify", "settle"), b.calls);
    }

    @Test
    @SuppressWarnings("unchecked")
    void repeatedFailuresOpenTheCircuitAndHealthShowsIt() throws Exception {
        a.verify = "down";
        for (int i = 0; i < 3; i++) {
            admit(evmHeader());
        }
        assertEquals(CircuitBreaker.State.OPEN, facilitators.circuit("a"));
        int callsWhenOpen = a.calls.size();
        assertEquals("admit", admit(evmHeader()).decision());
        assertEquals(callsWhenOpen, a.calls.size(), "an open circuit is skipped");
        Map<String, Object> first = ((List<Map<String, Object>>) facilitators.health().get("facilitators")).get(0);
        assertEquals("a", first.get("name"));
        assertEquals("OPEN", first.get("circuit"));
        assertTrue(((Number) first.get("last_latency_ms")).longValue() >= 0);
    }

    @Test
    void aSettleTimeoutIsPendingNotFailedAndIsReconciledLater() throws Exception {
        a.settle = "slow";
        Decision admitted = admit(evmHeader());
        Decision done = complete(admitted.ticket());
        String settledEvent = lastEventId;
        assertEquals(504, done.status());
        assertEquals("settlement_pending", header(done, "PAYMENT-RESPONSE").get("errorReason"));
        assertEquals(504, complete(admitted.ticket()).status(), "still pending: no second settle, no new challenge");
        a.settle = "ok";
        assertEquals(1, admission.reconcilePending(10));
        assertEquals("0xfeed", header(complete(admitted.ticket()), "PAYMENT-RESPONSE").get("transaction"));
        // the kept event (the first completion's) is written at reconciliation, with its proof
        CallCompleted event = outboxEvent(settledEvent);
        assertEquals(PaymentProofCheck.Status.VALID, PaymentProofCheck.standard().check(event).status(), event.toString());
    }

    @Test
    void aFailedSettlementIsA402WithSuccessFalse() throws Exception {
        a.settle = "fail";
        Decision done = complete(admit(evmHeader()).ticket());
        assertEquals(402, done.status());
        Map<String, Object> receipt = header(done, "PAYMENT-RESPONSE");
        assertEquals(false, receipt.get("success"));
        assertEquals("invalid_exact_evm_transaction_failed", receipt.get("errorReason"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void solanaIsAdvertisedWithTheFacilitatorFeePayerAndClaimedOnTheTransactionBytes() throws Exception {
        facilitators.refreshSupported();
        Operation op = priceBook.byId("sanctions_screen").orElseThrow();
        PaymentRequirements sol = admission.requirements(op, null).get(1);
        assertEquals(FEE_PAYER, sol.extra().get("feePayer"));
        Map<String, Object> payload = Map.of("x402Version", 2, "accepted", sol.toWire(), "payload",
                Map.of("transaction", Base64.getEncoder().encodeToString(("tx-" + UUID.randomUUID()).getBytes(StandardCharsets.UTF_8))));
        String header = Base64.getEncoder().encodeToString(json.writeValueAsBytes(payload));
        Decision admitted = admit(header);
        assertEquals("admit", admitted.decision());
        assertEquals("deliver", complete(admitted.ticket()).decision());
        Decision again = admit(header);
        assertEquals(402, again.status());
        // the signed transaction as presented, marked as checkable only against the chain
        CallCompleted event = outboxEvent(lastEventId);
        assertEquals(((Map<?, ?>) payload.get("payload")).get("transaction"), event.paymentProof().transaction());
        assertEquals(sol.network(), event.paymentProof().network());
        assertTrue(event.paymentProof().unverifiableOffline().startsWith("a Solana exact payment"), event.paymentProof().toString());
        assertEquals(PaymentProofCheck.Status.UNVERIFIABLE_OFFLINE, PaymentProofCheck.standard().check(event).status());
    }

    @Test
    void authHeadersAreSentToTheFacilitator() throws Exception {
        HttpServer probe = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        List<String> seen = new CopyOnWriteArrayList<>();
        probe.createContext("/verify", ex -> {
            seen.add(ex.getRequestHeaders().getFirst("Authorization"));
            send(ex, 200, "{\"isValid\":true}");
        });
        probe.start();
        try {
            FacilitatorEndpoint endpoint = new FacilitatorEndpoint("probe");
            endpoint.setUrl(java.net.URI.create("http://127.0.0.1:" + probe.getAddress().getPort()));
            endpoint.setAuthHeader("Authorization");
            endpoint.setAuthValue("Bearer xyz");
            new FacilitatorClient(endpoint, new StaticAuthHeaders(), json).verify(Map.of("x402Version", 2));
            assertEquals(List.of("Bearer xyz"), seen);
        } finally {
            probe.stop(0);
        }
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> read(JsonMapper json, HttpExchange ex) throws IOException {
        return json.readValue(ex.getRequestBody().readAllBytes(), Map.class);
    }

    static void send(HttpExchange ex, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().add("Content-Type", "application/json");
        ex.sendResponseHeaders(status, bytes.length);
        ex.getResponseBody().write(bytes);
        ex.close();
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
