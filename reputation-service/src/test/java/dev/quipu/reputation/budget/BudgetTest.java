package dev.quipu.reputation.budget;

import dev.quipu.contracts.events.BudgetChanged;
import dev.quipu.contracts.events.Topics;
import dev.quipu.testkit.EmbeddedKafka;
import dev.quipu.testkit.SuiteResources;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.web3j.crypto.ECKeyPair;
import org.web3j.crypto.Keys;
import org.web3j.crypto.Sign;
import org.web3j.utils.Numeric;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Spending caps against the real database: who may set them, and that they hold under concurrency. */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BudgetTest implements TestPropertyProvider {

    @Inject
    @Client("/")
    HttpClient http;

    @Inject
    BudgetStore store;

    @Inject
    JsonMapper json;

    @Override
    public Map<String, String> getProperties() {
        return SuiteResources.forService("quipu_reputation");
    }

    /** As the gateway forwards a public caller's request: its own token, the caller's Authorization beside it. */
    private static final String GATEWAY = dev.quipu.testkit.OperatorCredentials.signer("gateway").authorizationFor("reputation-service");

    private int post(String uri, Object body, String authorization) {
        var request = HttpRequest.POST(uri, body).header("Authorization", GATEWAY);
        if (authorization != null) {
            request.header(dev.quipu.internalauth.CallerIdentity.CALLER_AUTHORIZATION, authorization);
        }
        try {
            return http.toBlocking().exchange(request, String.class).code();
        } catch (HttpClientResponseException e) {
            return e.getStatus().getCode();
        }
    }

    private Map<?, ?> budget(String agent) {
        return http.toBlocking().retrieve(HttpRequest.GET("/budget/" + agent), Map.class);
    }

    private static Map<String, Object> cap(String agent, String limit, String period) {
        return new HashMap<>(Map.of("agent_id", agent, "limit_usdc", limit, "period", period));
    }

    @Test
    void settingACapPublishesItOnTheBudgetsTopicBeforeAnswering() throws Exception {
        String agent = "published-" + UUID.randomUUID();
        try (KafkaConsumer<String, String> budgets = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, EmbeddedKafka.shared().bootstrapServers(),
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false), new StringDeserializer(), new StringDeserializer())) {
            List<TopicPartition> partitions = new ArrayList<>();
            for (int p = 0; p < Topics.PARTITIONS; p++) {
                partitions.add(new TopicPartition(Topics.BUDGETS, p));
            }
            budgets.assign(partitions);
            budgets.seekToEnd(partitions);
            partitions.forEach(budgets::position);

            Instant before = Instant.now();
            assertEquals(200, post("/budget", cap(agent, "2.5", "weekly"), "Bearer dev-operator-token"));

            // published before the answer: the record is already on the broker
            BudgetChanged change = null;
            long deadline = System.currentTimeMillis() + 2_000;
            while (change == null && System.currentTimeMillis() < deadline) {
                for (ConsumerRecord<String, String> r : budgets.poll(Duration.ofMillis(100))) {
                    if (agent.equals(r.key())) {
                        change = json.readValue(r.value(), BudgetChanged.class);
                    }
                }
            }
            assertNotNull(change, "no BudgetChanged for " + agent + " on " + Topics.BUDGETS);
            assertEquals(agent, change.agentId());
            assertTrue(change.capped());
            assertEquals("2.5", change.limitUsdc());
            assertEquals("weekly", change.period());
            assertEquals("operator", change.setBy());
            assertTrue(!Instant.parse(change.changedAt()).isBefore(before.minusSeconds(1)), change.changedAt());
            assertNotNull(UUID.fromString(change.eventId()));
        }
    }

    @Test
    void fiftyConcurrentCallsNeverSpendPastTheCap() throws Exception {
        String agent = "cap-" + UUID.randomUUID();
        assertEquals(200, post("/budget", cap(agent, "0.25", "daily"), "Bearer dev-operator-token"));
        ExecutorService pool = Executors.newFixedThreadPool(50);
        List<Callable<Map<?, ?>>> calls = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            String id = UUID.randomUUID().toString();
            calls.add(() -> {
                Map<?, ?> r = http.toBlocking().retrieve(HttpRequest.POST("/internal/budget/reserve",
                        Map.of("agent_id", agent, "amount_atomic", 10000, "reservation_id", id)), Map.class);
                if (Boolean.TRUE.equals(r.get("reserved"))) {
                    http.toBlocking().retrieve(HttpRequest.POST("/internal/budget/commit", Map.of("reservation_id", id)), Map.class);
                }
                return r;
            });
        }
        int reserved = 0;
        int exhausted = 0;
        for (Future<Map<?, ?>> f : pool.invokeAll(calls)) {
            Map<?, ?> r = f.get();
            if (Boolean.TRUE.equals(r.get("reserved"))) {
                reserved++;
            } else {
                assertEquals("budget_exhausted", r.get("state"));
                exhausted++;
            }
        }
        pool.shutdown();
        assertEquals(25, reserved);
        assertEquals(25, exhausted);
        Map<?, ?> status = budget(agent);
        assertEquals("0.25", status.get("spent_usdc"));
        assertEquals("0", status.get("reserved_usdc"));
        assertEquals("0", status.get("remaining_usdc"));
    }

    @Test
    void aReleasedReservationGivesItsAmountBackAndCommitsAreIdempotent() throws Exception {
        String agent = "release-" + UUID.randomUUID();
        Instant now = Instant.now();
        store.set(agent, 20000, Period.TOTAL, "test", now);
        assertEquals(true, store.reserve(agent, 15000, "r1", now).reserved());
        assertEquals(false, store.reserve(agent, 10000, "r2", now).reserved());
        assertEquals("released", store.release("r1", now).orElseThrow());
        assertEquals("released", store.commit("r1", now).orElseThrow());
        assertEquals(true, store.reserve(agent, 10000, "r3", now).reserved());
        store.commit("r3", now);
        store.commit("r3", now);
        assertEquals(10000, store.find(agent, now).orElseThrow().spentAtomic());
    }

    @Test
    void aDailyCapStartsAgainTheNextDay() throws Exception {
        String agent = "daily-" + UUID.randomUUID();
        Instant day1 = Instant.parse("2025-03-10T23:59:00Z");
        store.set(agent, 10000, Period.DAILY, "test", day1);
        store.reserve(agent, 10000, agent + "a", day1);
        store.commit(agent + "a", day1);
        assertEquals(false, store.reserve(agent, 1, agent + "b", day1).reserved());
        BudgetStore.Budget next = store.find(agent, Instant.parse("2025-03-11T00:00:01Z")).orElseThrow();
        assertEquals(0, next.spentAtomic());
        assertEquals(Instant.parse("2025-03-12T00:00:00Z"), next.resetsAt());
    }

    @Test
    void agentsWithoutACapAreNotLimited() {
        Map<?, ?> r = http.toBlocking().retrieve(HttpRequest.POST("/internal/budget/reserve",
                Map.of("agent_id", "free-" + UUID.randomUUID(), "amount_atomic", 10000, "reservation_id", UUID.randomUUID().toString())), Map.class);
        assertEquals(true, r.get("reserved"));
        assertEquals("unlimited", r.get("state"));
    }

    @Test
    void onlyOperatorsOrTheAgentsOwnWalletMaySetACap() throws Exception {
        String agent = "auth-" + UUID.randomUUID();
        assertEquals(401, post("/budget", cap(agent, "1.00", "daily"), null));
        assertEquals(403, post("/budget", cap(agent, "1.00", "daily"), "Bearer wrong-token"));
        assertEquals(200, post("/budget", cap(agent, "1.00", "weekly"), "Bearer dev-operator-token"));
        Map<?, ?> status = budget(agent);
        assertEquals("1", status.get("limit_usdc"));
        assertEquals("weekly", status.get("period"));
        assertEquals("operator", status.get("set_by"));
    }

    private static Map<String, Object> signed(ECKeyPair key, String agent, String limit, String period, Instant at) {
        String ts = at.toString();
        String message = WalletSignatures.message(agent, limit, period, ts);
        Sign.SignatureData sig = Sign.signPrefixedMessage(message.getBytes(StandardCharsets.UTF_8), key);
        byte[] bytes = new byte[65];
        System.arraycopy(sig.getR(), 0, bytes, 0, 32);
        System.arraycopy(sig.getS(), 0, bytes, 32, 32);
        bytes[64] = sig.getV()[0];
        Map<String, Object> body = cap(agent, limit, period);
        body.put("timestamp", ts);
        body.put("signature", Numeric.toHexString(bytes));
        return body;
    }

    @Test
    void aWalletMaySignItsOwnCapOnceAndNobodyElsesCap() throws Exception {
        ECKeyPair key = Keys.createEcKeyPair();
        String wallet = "0x" + Keys.getAddress(key.getPublicKey());
        Map<String, Object> body = signed(key, wallet, "5.00", "monthly", Instant.now());
        assertEquals(200, post("/budget", body, null));
        assertEquals("wallet:" + wallet, budget(wallet).get("set_by"));
        assertEquals(403, post("/budget", body, null), "a replayed signature");
        Map<String, Object> tampered = signed(key, wallet, "5.00", "monthly", Instant.now());
        tampered.put("limit_usdc", "500.00");
        assertEquals(403, post("/budget", tampered, null), "a changed limit");
        ECKeyPair other = Keys.createEcKeyPair();
        assertEquals(403, post("/budget", signed(other, wallet, "5.00", "monthly", Instant.now()), null), "another wallet");
        assertEquals(401, post("/budget", signed(key, wallet, "5.00", "monthly", Instant.now().minusSeconds(3600)), null),
                "an old timestamp");
    }

    @Test
    void badBudgetRequestsAre422() {
        assertEquals(422, post("/budget", Map.of("agent_id", "a", "limit_usdc", "ten", "period", "daily"), "Bearer dev-operator-token"));
        assertEquals(422, post("/budget", Map.of("agent_id", "a", "limit_usdc", "1.0", "period", "yearly"), "Bearer dev-operator-token"));
        assertEquals(422, post("/budget", Map.of("agent_id", "bad id!", "limit_usdc", "1.0", "period", "daily"), "Bearer dev-operator-token"));
        assertEquals(422, post("/budget", Map.of("limit_usdc", 1.0, "period", "daily"), "Bearer dev-operator-token"));
        HttpClientResponseException e = org.junit.jupiter.api.Assertions.assertThrows(HttpClientResponseException.class,
                () -> http.toBlocking().exchange(HttpRequest.GET("/budget/bad%20id!"), String.class));
        assertEquals(422, e.getStatus().getCode());
    }
}
