package dev.quipu.reputation.stats;

import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.contracts.events.PaymentEvent;
import dev.quipu.contracts.events.TierChanged;
import dev.quipu.contracts.events.Topics;
import dev.quipu.testkit.EmbeddedKafka;
import dev.quipu.testkit.SuiteResources;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import io.micronaut.json.JsonMapper;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.web3j.crypto.Credentials;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Statistics and tiers from the call stream, through the real broker and database. */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReputationTest implements TestPropertyProvider {

    private static final Instant T0 = Instant.parse("2025-01-01T00:00:00Z");

    @Inject
    @Client("/")
    HttpClient http;

    @Inject
    JsonMapper json;

    @Inject
    StatsFolder folder;

    private KafkaProducer<String, String> producer;
    private KafkaConsumer<String, String> tiers;

    @Override
    public Map<String, String> getProperties() {
        return SuiteResources.forService("quipu_reputation");
    }

    @BeforeAll
    void clients() {
        String servers = EmbeddedKafka.shared().bootstrapServers();
        producer = new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, servers),
                new StringSerializer(), new StringSerializer());
        tiers = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, servers,
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false), new StringDeserializer(), new StringDeserializer());
        List<TopicPartition> partitions = new ArrayList<>();
        for (int p = 0; p < Topics.PARTITIONS; p++) {
            partitions.add(new TopicPartition(Topics.REPUTATION, p));
        }
        tiers.assign(partitions);
        tiers.seekToEnd(partitions);
        partitions.forEach(tiers::position);
    }

    @AfterAll
    void close() {
        producer.close();
        tiers.close();
    }

    /** The wallet that pays for each agent of these tests (an agent named by its address is its own wallet). */
    private final Map<String, Credentials> wallets = new java.util.concurrent.ConcurrentHashMap<>();

    /** A settled paid call with its genuine payment proof (or, for a failed call, one that charged nothing). */
    CallCompleted paid(String agent, Instant at, int status) {
        return SignedPayments.paid(agent, wallets.computeIfAbsent(agent, a -> SignedPayments.wallet()), at, status);
    }

    /** An agent id that is a wallet address, paying for itself. */
    String walletAgent() {
        Credentials wallet = SignedPayments.wallet();
        String agent = wallet.getAddress().toLowerCase();
        wallets.put(agent, wallet);
        return agent;
    }

    private String text(Object o) throws Exception {
        return json.writeValueAsString(o);
    }

    private Map<?, ?> reputation(String agent) {
        return http.toBlocking().retrieve(HttpRequest.GET("/reputation/" + agent), Map.class);
    }

    @Test
    void tenPaidCallsThroughTheBrokerMakeAnAgentActiveAndPublishTheChange() throws Exception {
        String agent = "agent-" + UUID.randomUUID();
        for (int i = 0; i < 10; i++) {
            producer.send(new ProducerRecord<>(Topics.CALLS, agent, text(paid(agent, T0.plusSeconds(i), 200)))).get();
        }
        TierChanged change = null;
        long deadline = System.currentTimeMillis() + 20_000;
        while (change == null && System.currentTimeMillis() < deadline) {
            for (ConsumerRecord<String, String> r : tiers.poll(Duration.ofMillis(200))) {
                if (agent.equals(r.key())) {
                    change = json.readValue(r.value(), TierChanged.class);
                }
            }
        }
        assertTrue(change != null, "no tier change published");
        assertEquals("NEW", change.fromTier());
        assertEquals("ACTIVE", change.toTier());
        Map<?, ?> standing = reputation(agent);
        assertEquals("ACTIVE", standing.get("tier"));
        Map<?, ?> stats = (Map<?, ?>) standing.get("statistics");
        assertEquals(10, ((Number) stats.get("paid_calls")).intValue());
        assertEquals("0.1", stats.get("spend_usdc"));
        assertEquals(Map.of("sanctions_quick", 10), stats.get("endpoints"));
        assertEquals("VERIFIED", ((Map<?, ?>) standing.get("next_tier")).get("tier"));
    }

    @Test
    void tiersAdvanceWithPaidCallsAndHistoryAndDiscountsFollow() throws Exception {
        String agent = walletAgent();
        List<String> calls = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            calls.add(text(paid(agent, T0.plus(Duration.ofHours(4L * i)), 200)));
        }
        folder.foldCalls(calls.subList(0, 49));
        assertEquals("ACTIVE", reputation(agent).get("tier"));
        folder.foldCalls(calls.subList(49, 50));
        Map<?, ?> verified = reputation(agent);
        assertEquals("VERIFIED", verified.get("tier"));
        assertEquals(10, ((Number) verified.get("discount_pct")).intValue());
        List<String> more = new ArrayList<>();
        for (int i = 0; i < 150; i++) {
            more.add(text(paid(agent, T0.plus(Duration.ofDays(31)).plusSeconds(i), 200)));
        }
        folder.foldCalls(more);
        Map<?, ?> trusted = reputation(agent);
        assertEquals("TRUSTED", trusted.get("tier"));
        assertEquals(20, ((Number) trusted.get("discount_pct")).intValue());
        assertNull(trusted.get("next_tier"));
    }

    @Test
    void manyCallsInOneAfternoonDoNotMakeAYoungAgentVerified() throws Exception {
        String agent = "burst-" + UUID.randomUUID();
        List<String> calls = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            calls.add(text(paid(agent, T0.plusSeconds(60L * i), 200)));
        }
        folder.foldCalls(calls);
        Map<?, ?> standing = reputation(agent);
        assertEquals("ACTIVE", standing.get("tier"));
        Map<?, ?> next = (Map<?, ?>) standing.get("next_tier");
        assertEquals(0, ((Number) next.get("paid_calls_needed")).intValue());
        assertTrue(((Number) next.get("days_of_history_needed")).intValue() > 0);
    }

    @Test
    void aPaymentFailureTakesAwayTheDiscountTiers() throws Exception {
        String agent = walletAgent();
        List<String> calls = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            calls.add(text(paid(agent, T0.plus(Duration.ofHours(4L * i)), 200)));
        }
        folder.foldCalls(calls);
        assertEquals("VERIFIED", reputation(agent).get("tier"));
        PaymentEvent failed = new PaymentEvent(UUID.randomUUID().toString(), T0.plus(Duration.ofDays(9)).toString(), "p1",
                "failed", agent.toUpperCase().replace("0X", "0x"), "eip155:8453", "10000", null, "insufficient funds");
        assertEquals(1, folder.foldPayments(List.of(text(failed))));
        assertEquals(0, folder.foldPayments(List.of(text(failed))));
        Map<?, ?> standing = reputation(agent);
        assertEquals("ACTIVE", standing.get("tier"));
        assertEquals(1, ((Number) ((Map<?, ?>) standing.get("statistics")).get("payment_failures")).intValue());
    }

    @Test
    void redeliveredCallsCountOnceAndRefusalsAreNotPaidCalls() throws Exception {
        String agent = "dup-" + UUID.randomUUID();
        String one = text(paid(agent, T0, 200));
        assertEquals(1, folder.foldCalls(List.of(one, one)));
        assertEquals(0, folder.foldCalls(List.of(one)));
        folder.foldCalls(List.of(text(paid(agent, T0.plusSeconds(1), 422)), text(paid(agent, T0.plusSeconds(2), 502))));
        Map<?, ?> stats = (Map<?, ?>) reputation(agent).get("statistics");
        assertEquals(3, ((Number) stats.get("total_calls")).intValue());
        assertEquals(1, ((Number) stats.get("paid_calls")).intValue());
        assertEquals(1, ((Number) stats.get("refused_calls")).intValue());
        assertEquals(1, ((Number) stats.get("failed_calls")).intValue());
    }

    @Test
    void definitionsListEveryTierWithItsRequirementsAndDiscount() {
        Map<?, ?> defs = http.toBlocking().retrieve(HttpRequest.GET("/reputation"), Map.class);
        List<?> tiers = (List<?>) defs.get("tiers");
        assertEquals(List.of("NEW", "ACTIVE", "VERIFIED", "TRUSTED"), tiers.stream().map(t -> ((Map<?, ?>) t).get("tier")).toList());
        assertEquals(List.of(0, 0, 10, 20), tiers.stream().map(t -> ((Number) ((Map<?, ?>) t).get("discount_pct")).intValue()).toList());
        assertEquals(200, ((Number) ((Map<?, ?>) tiers.get(3)).get("min_paid_calls")).intValue());
    }

    @Test
    void anUnknownAgentIsNewAndABadAgentIdIs422() {
        assertEquals("NEW", reputation("never-seen-" + UUID.randomUUID()).get("tier"));
        HttpClientResponseException e = org.junit.jupiter.api.Assertions.assertThrows(HttpClientResponseException.class,
                () -> http.toBlocking().exchange(HttpRequest.GET("/reputation/bad%20id!"), String.class));
        assertEquals(422, e.getStatus().getCode());
    }
}
