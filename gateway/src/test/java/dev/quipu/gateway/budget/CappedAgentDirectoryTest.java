package dev.quipu.gateway.budget;

import dev.quipu.contracts.events.BudgetChanged;
import dev.quipu.contracts.events.Topics;
import dev.quipu.testkit.EmbeddedKafka;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import io.micronaut.json.JsonMapper;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Which paid calls ask reputation-service for a reservation, with the real broker: the gateway learns
 * caps from {@code quipu.budgets.v1} (and from the caps it routes itself); reputation-service is a fake.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CappedAgentDirectoryTest implements TestPropertyProvider {

    /** capped on the topic before the gateway started. */
    private static final String CAPPED_BEFORE_START = "capped-before-start-" + UUID.randomUUID();

    private FakeReputation reputation;
    private KafkaProducer<String, String> producer;

    @Inject
    @Client("/")
    HttpClient http;

    @Inject
    BudgetDirectory directory;

    @Override
    public Map<String, String> getProperties() {
        reputation = new FakeReputation();
        producer = new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, EmbeddedKafka.shared().bootstrapServers()),
                new StringSerializer(), new StringSerializer());
        publishCap(CAPPED_BEFORE_START);
        Map<String, String> props = reputation.gatewayProperties();
        props.put("kafka.bootstrap.servers", EmbeddedKafka.shared().bootstrapServers());
        return props;
    }

    @BeforeAll
    void waitUntilCaughtUp() throws InterruptedException {
        long deadline = System.currentTimeMillis() + 30_000;
        while (!directory.isCaughtUp() && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
        }
        assertTrue(directory.isCaughtUp(), "the budget directory never caught up with " + Topics.BUDGETS);
    }

    @AfterAll
    void stop() {
        producer.close();
        reputation.close();
    }

    @BeforeEach
    void reset() {
        reputation.reserved.clear();
        reputation.down = false;
    }

    private void publishCap(String agent) {
        try {
            BudgetChanged cap = new BudgetChanged(UUID.randomUUID().toString(), agent, true, "1", "daily", "operator",
                    Instant.now().toString());
            producer.send(new ProducerRecord<>(Topics.BUDGETS, agent, JsonMapper.createDefault().writeValueAsString(cap))).get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private HttpResponse<String> call(String agent) {
        return http.toBlocking().exchange(HttpRequest.POST("/sanctions/quick",
                Map.of("name", "Juan Perez", "country", "CO", "type", "person", "agent_id", agent)), String.class);
    }

    /** Publishes a cap and waits until this gateway has read it (milliseconds). */
    private void capOnTopic(String agent) throws InterruptedException {
        publishCap(agent);
        long deadline = System.currentTimeMillis() + 10_000;
        while (directory.knownUncapped(agent) && System.currentTimeMillis() < deadline) {
            Thread.sleep(10);
        }
    }

    @Test
    void anUncappedAgentsPaidCallMakesNoReservationRequest() {
        assertEquals(200, call("uncapped-" + UUID.randomUUID()).code());
        assertEquals(List.of(), reputation.reserved);
    }

    @Test
    void aCapOnTheTopicBeforeTheGatewayStartedIsKnownOnceCaughtUp() {
        assertEquals(200, call(CAPPED_BEFORE_START).code());
        assertEquals(List.of(CAPPED_BEFORE_START), reputation.reserved);
    }

    @Test
    void aCapPublishedOnTheTopicMakesTheNextPaidCallReserve() throws InterruptedException {
        String agent = "capped-on-topic-" + UUID.randomUUID();
        assertEquals(200, call(agent).code());
        assertEquals(List.of(), reputation.reserved);
        capOnTopic(agent);
        assertEquals(200, call(agent).code());
        assertEquals(List.of(agent), reputation.reserved);
    }

    @Test
    void aCapSetThroughThisGatewayMakesTheVeryNextCallReserveBeforeTheTopicTells() {
        String agent = "capped-here-" + UUID.randomUUID();
        assertEquals(200, call(agent).code());
        // the fake reputation-service publishes nothing: only the routed answer can tell the gateway
        HttpResponse<String> set = http.toBlocking().exchange(HttpRequest.POST("/budget",
                Map.of("agent_id", agent, "limit_usdc", "1.00", "period", "daily"))
                .header("Authorization", "Bearer dev-operator-token"), String.class);
        assertEquals(200, set.code());
        assertEquals(200, call(agent).code());
        assertEquals(List.of(agent), reputation.reserved);
    }

    @Test
    void whileReputationServiceIsDownACappedAgentGets503AndAnUncappedOneRuns() throws InterruptedException {
        String capped = "capped-outage-" + UUID.randomUUID();
        capOnTopic(capped);
        reputation.down = true;
        HttpClientResponseException refused = assertThrows(HttpClientResponseException.class, () -> call(capped));
        assertEquals(503, refused.getStatus().getCode());
        assertEquals("5", refused.getResponse().getHeaders().get("Retry-After"));
        assertTrue(refused.getResponse().getBody(String.class).orElseThrow().contains("budget_unavailable"));
        assertEquals(200, call("uncapped-outage-" + UUID.randomUUID()).code());
    }
}
