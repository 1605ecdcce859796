package dev.quipu.gateway.audit;

import com.sun.net.httpserver.HttpServer;
import dev.quipu.contracts.events.AuditLink;
import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.contracts.events.TierChanged;
import dev.quipu.contracts.events.Topics;
import dev.quipu.gateway.admission.Admission;
import dev.quipu.gateway.admission.CallAdmission;
import dev.quipu.gateway.admission.PaidCall;
import dev.quipu.gateway.budget.BudgetDirectory;
import dev.quipu.gateway.routing.Backends;
import dev.quipu.gateway.tiers.TierDiscounts;
import dev.quipu.testkit.EmbeddedKafka;
import io.micronaut.context.annotation.Primary;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import io.micronaut.json.JsonMapper;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A paid call's audit link and budget through the gateway, with the real broker: links and tier
 * changes arrive over Kafka; the backend and reputation-service's budget endpoints are local fakes,
 * and the admission stands in for the paywall (it charges the list price and, like audit-service
 * would, publishes the link of each completed call unless told not to).
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PaidCallAuditAndBudgetTest implements TestPropertyProvider {

    static final List<String> budgetCalls = new CopyOnWriteArrayList<>();
    static volatile String reserveAnswer;
    static volatile boolean publishLinks = true;
    static final List<Backends.BackendAnswer> completions = new CopyOnWriteArrayList<>();

    private HttpServer fake;
    private static KafkaProducer<String, String> producer;

    @Inject
    @Client("/")
    HttpClient http;

    @Inject
    AuditLinks links;

    @Inject
    TierDiscounts tiers;

    @Inject
    BudgetDirectory budgets;

    @Inject
    JsonMapper json;

    @Override
    public Map<String, String> getProperties() {
        try {
            fake = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        fake.createContext("/sanctions/quick", ex -> send(ex, 200, "{\"risk_score\": 0.0, \"matches\": []}"));
        fake.createContext("/internal/budget/", ex -> {
            String path = ex.getRequestURI().getPath();
            budgetCalls.add(path.substring(path.lastIndexOf('/') + 1));
            send(ex, 200, path.endsWith("reserve") ? reserveAnswer : "{\"reservation_id\":\"x\",\"state\":\"committed\"}");
        });
        fake.start();
        String url = "http://127.0.0.1:" + fake.getAddress().getPort();
        Map<String, String> props = new HashMap<>();
        props.putAll(dev.quipu.gateway.BackendUrls.allAt(url));
        props.put("kafka.bootstrap.servers", EmbeddedKafka.shared().bootstrapServers());
        props.put("quipu.gateway.paywall.enabled", "false");
        props.put("quipu.gateway.audit.link-wait", "1s");
        props.put("spec.name", "PaidCallAuditAndBudgetTest");
        return props;
    }

    private static void send(com.sun.net.httpserver.HttpExchange ex, int status, String body) throws IOException {
        ex.getRequestBody().readAllBytes();
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().add("Content-Type", "application/json");
        ex.sendResponseHeaders(status, bytes.length);
        ex.getResponseBody().write(bytes);
        ex.close();
    }

    @BeforeAll
    void warmUp() throws Exception {
        producer = new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, EmbeddedKafka.shared().bootstrapServers()),
                new StringSerializer(), new StringSerializer());
        // the link consumer reads from the end: wait until it is assigned and sees links
        String probe = UUID.randomUUID().toString();
        for (int i = 0; i < 100; i++) {
            AuditLinks.Expected expected = links.expect(probe);
            publish(new AuditLink("warm-up", 1, probe, "q", "r", "e", "p", "c"));
            if (expected.await() != null) {
                return;
            }
        }
        throw new IllegalStateException("the gateway never received an audit link");
    }

    @AfterAll
    void stop() {
        fake.stop(0);
        producer.close();
    }

    @BeforeEach
    void reset() {
        budgetCalls.clear();
        completions.clear();
        publishLinks = true;
        reserveAnswer = "{\"reserved\":true,\"state\":\"held\",\"limit_usdc\":\"1\",\"remaining_usdc\":\"0.99\"}";
    }

    static void publish(Object value) {
        try {
            String key = value instanceof AuditLink l ? l.agentId() : ((TierChanged) value).agentId();
            String topic = value instanceof AuditLink ? Topics.AUDIT_CHAIN : Topics.REPUTATION;
            producer.send(new ProducerRecord<>(topic, key, io.micronaut.json.JsonMapper.createDefault().writeValueAsString(value))).get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private HttpResponse<String> call(String agent) {
        return http.toBlocking().exchange(HttpRequest.POST("/sanctions/quick",
                Map.of("name", "Juan Perez", "country", "CO", "type", "person", "agent_id", agent)), String.class);
    }

    @Test
    void aPaidAnswerCarriesTheAuditLinkOfItsOwnCall() throws Exception {
        budgets.capped("agent-audit-1"); // a capped agent, so that its price is held and committed
        HttpResponse<String> response = call("agent-audit-1");
        Map<?, ?> body = json.readValue(response.body(), Map.class);
        Map<?, ?> aat = (Map<?, ?>) body.get("aat");
        assertEquals("confirmed", aat.get("status"));
        assertEquals("agent-audit-1", aat.get("agent_id"));
        assertEquals(7, ((Number) aat.get("sequence")).intValue());
        assertEquals("sha256:event-" + aat.get("event_id"), body.get("audit_hash"));
        assertEquals(body.get("audit_hash"), aat.get("event_hash"));
        assertEquals("sha256:chain-" + aat.get("event_id"), aat.get("chain_hash"));
        // the answer minus audit_hash and aat is the backend's answer, which response_hash covers
        assertTrue(response.body().startsWith("{\"risk_score\": 0.0, \"matches\": [],\"audit_hash\""));
        assertEquals(List.of("reserve", "commit"), budgetCalls);
    }

    @Test
    void withoutItsLinkInTimeTheAnswerSaysPendingWithTheEventId() throws Exception {
        publishLinks = false;
        long started = System.nanoTime();
        Map<?, ?> body = json.readValue(call("agent-audit-2").body(), Map.class);
        long tookMs = (System.nanoTime() - started) / 1_000_000;
        Map<?, ?> aat = (Map<?, ?>) body.get("aat");
        assertEquals("pending", aat.get("status"));
        assertTrue(UUID.fromString((String) aat.get("event_id")) != null);
        assertNull(body.get("audit_hash"));
        assertTrue(tookMs >= 900 && tookMs < 5000, "bounded wait, took " + tookMs + " ms");
        assertEquals(0, links.waitingCount());
    }

    @Test
    void anExhaustedBudgetIs402WithItsReasonAndTheBackendNeverRuns() throws Exception {
        budgets.capped("agent-capped");
        reserveAnswer = "{\"reserved\":false,\"state\":\"budget_exhausted\",\"limit_usdc\":\"0.05\",\"remaining_usdc\":\"0\"}";
        HttpClientResponseException e = assertThrows(HttpClientResponseException.class, () -> call("agent-capped"));
        assertEquals(402, e.getStatus().getCode());
        assertEquals("true", e.getResponse().getHeaders().get("X-Budget-Exhausted"));
        Map<?, ?> body = json.readValue(e.getResponse().getBody(String.class).orElseThrow(), Map.class);
        assertEquals("budget_exhausted", body.get("reason"));
        assertEquals(List.of("reserve"), budgetCalls);
        assertEquals(1, completions.size());
        assertEquals(false, completions.get(0).reached(), "the admission is released as for a call that never ran");
    }

    @Test
    void tierChangesFromTheTopicGiveWalletsTheirDiscount() throws Exception {
        String wallet = "0x" + UUID.randomUUID().toString().replace("-", "") + "abcdef01";
        assertEquals(0, tiers.discountPct(wallet));
        publish(new TierChanged(UUID.randomUUID().toString(), wallet, "ACTIVE", "VERIFIED", 10, Instant.now().toString()));
        long deadline = System.currentTimeMillis() + 10_000;
        while (tiers.discountPct(wallet.toUpperCase().replace("0X", "0x")) != 10 && System.currentTimeMillis() < deadline) {
            Thread.sleep(50);
        }
        assertEquals(10, tiers.discountPct(wallet.toUpperCase().replace("0X", "0x")));
        assertEquals("VERIFIED", tiers.tierOf(wallet));
        assertEquals(45000, tiers.discountedAtomic(wallet, 50000));
    }

    /** Stands in for the paywall: charges the list price; on completion publishes the call's link as audit-service would. */
    @Singleton
    @Primary
    @Requires(property = "spec.name", value = "PaidCallAuditAndBudgetTest")
    static class ChargingAdmission implements CallAdmission {

        @Override
        public Admission admit(PaidCall call) {
            return new Admission.Admitted("paid", "0x857b06519e91e3a54538791bdbb0e22373e36b66", call.operation().priceAtomic(),
                    new CallCompleted.PaymentRef("eip155:8453", null, "0x01"), "ticket");
        }

        @Override
        public Completion complete(PaidCall call, Admission.Admitted admitted, Backends.BackendAnswer answer, CallCompleted event) {
            completions.add(answer);
            if (answer.reached() && publishLinks) {
                publish(new AuditLink(event.agentId(), 7, event.eventId(), "sha256:query", "sha256:response",
                        "sha256:event-" + event.eventId(), "sha256:prev", "sha256:chain-" + event.eventId()));
            }
            return Completion.deliver(Map.of());
        }
    }
}
