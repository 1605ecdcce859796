package dev.quipu.payment.outbox;

import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.contracts.events.Topics;
import dev.quipu.testkit.EmbeddedDatabase;
import dev.quipu.testkit.EmbeddedKafka;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import javax.sql.DataSource;
import java.nio.file.Files;
import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The event backbone's first hop: a call handed to payment-service is written to the outbox and
 * published on quipu.calls.v1 keyed by agent id, even across a broker outage. This test owns its
 * broker so that it can stop and restart it.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OutboxRelayTest implements TestPropertyProvider {

    private EmbeddedKafka kafka;

    @Inject
    @Client("/")
    HttpClient http;

    private DataSource dataSource;

    @Inject
    void plainDataSource(DataSource pooled, io.micronaut.jdbc.DataSourceResolver resolver) {
        this.dataSource = resolver.resolve(pooled);
    }

    @Inject
    CallOutbox outbox;

    @Override
    public Map<String, String> getProperties() {
        try {
            kafka = new EmbeddedKafka(Files.createTempDirectory("outbox-kraft-"), 0, 0).start();
            kafka.createTopics(Topics.all(), Topics.PARTITIONS);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        EmbeddedDatabase db = EmbeddedDatabase.shared();
        return Map.of(
                "kafka.bootstrap.servers", kafka.bootstrapServers(),
                "datasources.default.url", db.jdbcUrl("quipu_payment_outbox_test"),
                "datasources.default.username", EmbeddedDatabase.USER,
                "datasources.default.password", EmbeddedDatabase.PASSWORD,
                "quipu.outbox.poll-interval", "100ms",
                "quipu.outbox.send-timeout", "2s");
    }

    @AfterAll
    void stopBroker() {
        kafka.close();
    }

    @Test
    void aHandedOffCallIsPublishedOnTheCallsTopicKeyedByAgent() {
        CallCompleted call = call("agent-published");
        HttpResponse<?> response = http.toBlocking().exchange(HttpRequest.POST("/internal/calls", call));
        assertEquals(202, response.getStatus().getCode());

        List<ConsumerRecord<String, String>> records = consumeUntil(call.eventId(), Duration.ofSeconds(30));
        ConsumerRecord<String, String> record = records.get(records.size() - 1);
        assertEquals("agent-published", record.key());
        assertTrue(record.value().contains("\"event_id\":\"" + call.eventId() + "\""));
        // handed off with the real clock's nanoseconds (as an older gateway did), published in the canonical form
        String canonical = CallCompleted.canonicalInstant(Instant.parse(call.occurredAt()));
        assertTrue(record.value().contains("\"occurred_at\":\"" + canonical + "\""), record.value());
    }

    @Test
    void handingOffTheSameEventTwiceStoresItOnce() throws Exception {
        CallCompleted call = call("agent-twice");
        http.toBlocking().exchange(HttpRequest.POST("/internal/calls", call));
        http.toBlocking().exchange(HttpRequest.POST("/internal/calls", call));
        try (Connection c = dataSource.getConnection();
             var st = c.prepareStatement("SELECT count(*) FROM call_outbox WHERE event_id = ?")) {
            st.setObject(1, UUID.fromString(call.eventId()));
            try (var rs = st.executeQuery()) {
                rs.next();
                assertEquals(1, rs.getInt(1));
            }
        }
    }

    @Test
    void eventsWaitInTheOutboxWhileTheBrokerIsDownAndArePublishedWhenItReturns() throws Exception {
        kafka.stop();
        CallCompleted call = call("agent-outage");
        HttpResponse<?> response = http.toBlocking().exchange(HttpRequest.POST("/internal/calls", call));
        assertEquals(202, response.getStatus().getCode());

        Thread.sleep(3000); // several relay rounds fail meanwhile
        try (Connection c = dataSource.getConnection()) {
            assertTrue(outbox.backlog(c) >= 1, "the event waits in the outbox");
        }

        kafka.start();
        List<ConsumerRecord<String, String>> records = consumeUntil(call.eventId(), Duration.ofSeconds(60));
        assertEquals("agent-outage", records.get(records.size() - 1).key());
        try (Connection c = dataSource.getConnection()) {
            long deadline = System.currentTimeMillis() + 10_000;
            while (outbox.backlog(c) > 0 && System.currentTimeMillis() < deadline) {
                Thread.sleep(100);
            }
            assertEquals(0, outbox.backlog(c));
        }
    }

    private static CallCompleted call(String agent) {
        return new CallCompleted(UUID.randomUUID().toString(), Instant.now().toString(), "rates", "POST /rates", agent,
                null, "open", "0.02", 0, null, 200, 3, "{\"country\":\"CO\"}", "{}", Map.of());
    }

    private List<ConsumerRecord<String, String>> consumeUntil(String eventId, Duration timeout) {
        List<ConsumerRecord<String, String>> seen = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG, "outbox-test-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"),
                new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(Topics.CALLS));
            long deadline = System.currentTimeMillis() + timeout.toMillis();
            while (System.currentTimeMillis() < deadline) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(200))) {
                    seen.add(r);
                    if (r.value().contains(eventId)) {
                        return seen;
                    }
                }
            }
        }
        throw new AssertionError("event " + eventId + " was not published within " + timeout);
    }
}
