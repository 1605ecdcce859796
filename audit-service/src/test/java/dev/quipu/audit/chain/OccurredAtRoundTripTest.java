package dev.quipu.audit.chain;

import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.contracts.events.Topics;
import dev.quipu.testkit.EmbeddedKafka;
import dev.quipu.testkit.SuiteResources;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code occurred_at} stamped by the real clock (nanoseconds on Linux) through the real broker and
 * PostgreSQL: the stored column reads back as exactly the hashed text, and the chain verifies.
 * Before the canonical form, every real chain failed here with {@code stored occurred_at}.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OccurredAtRoundTripTest implements TestPropertyProvider {

    @Inject
    @Client("/")
    HttpClient http;

    @Inject
    JsonMapper json;

    @Inject
    ChainFolder folder;

    private DataSource dataSource;
    private KafkaProducer<String, String> producer;

    @Inject
    void plainDataSource(DataSource pooled, io.micronaut.jdbc.DataSourceResolver resolver) {
        this.dataSource = resolver.resolve(pooled);
    }

    @Override
    public Map<String, String> getProperties() {
        return SuiteResources.forService("quipu_audit");
    }

    @BeforeAll
    void clients() {
        producer = new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, EmbeddedKafka.shared().bootstrapServers()),
                new StringSerializer(), new StringSerializer());
    }

    @AfterAll
    void close() {
        producer.close();
    }

    private static CallCompleted call(String agent, String occurredAt) {
        return new CallCompleted(UUID.randomUUID().toString(), occurredAt, "rates", "POST /rates", agent, null, "trial",
                "0.02", 0, null, 200, 12, "{\"country\":\"CO\"}", "{\"usd_cop\":\"4000.5\"}", Map.of("usd_cop", "2026-11-23"));
    }

    @Test
    void eventsStampedByTheRealClockArePublishedStoredExactlyAndVerify() throws Exception {
        String agent = "clock-" + UUID.randomUUID();
        List<CallCompleted> calls = List.of(call(agent, CallCompleted.canonicalInstant(Instant.now())),
                call(agent, CallCompleted.canonicalInstant(Instant.now())),
                call(agent, CallCompleted.canonicalInstant(Instant.now())));
        for (CallCompleted c : calls) {
            producer.send(new ProducerRecord<>(Topics.CALLS, agent, json.writeValueAsString(c))).get();
        }
        Map<?, ?> verify = awaitVerified(agent, 3);
        assertEquals(true, verify.get("valid"), verify.toString());
        for (CallCompleted c : calls) {
            assertEquals(c.occurredAt(), storedText(c.eventId()), "the column reads back as the hashed text, byte for byte");
        }
    }

    @Test
    void anEventStampedWithNanosecondsByAnOlderGatewayStillVerifies() throws Exception {
        String agent = "nanos-" + UUID.randomUUID();
        // the real clock's microsecond with 613 ns more, so that PostgreSQL's rounding goes up
        Instant now = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.MICROS).plusNanos(613);
        CallCompleted legacy = call(agent, now.toString());
        assertTrue(!CallCompleted.isCanonicalInstant(legacy.occurredAt()), legacy.occurredAt());
        folder.fold(List.of(json.writeValueAsString(legacy)));
        assertEquals(true, verify(agent).get("valid"), "stored truncated to the microsecond");

        // a row the old code stored: PostgreSQL rounded the nanoseconds to the nearest microsecond
        try (Connection c = dataSource.getConnection(); PreparedStatement st = c.prepareStatement(
                "UPDATE call_events SET occurred_at = ?::timestamptz WHERE event_id = ?::uuid")) {
            st.setString(1, legacy.occurredAt());
            st.setString(2, legacy.eventId());
            assertEquals(1, st.executeUpdate());
        }
        assertEquals(true, verify(agent).get("valid"), "stored rounded to the microsecond by PostgreSQL");

        try (Connection c = dataSource.getConnection(); Statement st = c.createStatement()) {
            st.executeUpdate("UPDATE call_events SET occurred_at = occurred_at + interval '1 microsecond' WHERE event_id = '"
                    + legacy.eventId() + "'");
        }
        Map<?, ?> moved = verify(agent);
        assertEquals(false, moved.get("valid"), "one microsecond more is a changed column");
        assertEquals("stored occurred_at", ((Map<?, ?>) moved.get("first_broken")).get("field"));
    }

    @Test
    void aStoredCanonicalTimeThatMovesByOneMicrosecondIsNamed() throws Exception {
        String agent = "moved-" + UUID.randomUUID();
        CallCompleted c = call(agent, CallCompleted.canonicalInstant(Instant.now()));
        folder.fold(List.of(json.writeValueAsString(c)));
        try (Connection conn = dataSource.getConnection(); Statement st = conn.createStatement()) {
            st.executeUpdate("UPDATE call_events SET occurred_at = occurred_at + interval '1 microsecond' WHERE event_id = '"
                    + c.eventId() + "'");
        }
        Map<?, ?> verify = verify(agent);
        Map<?, ?> broken = (Map<?, ?>) verify.get("first_broken");
        assertEquals("stored occurred_at", broken.get("field"));
        assertEquals(c.occurredAt(), broken.get("expected"));
        assertNotEquals(c.occurredAt(), broken.get("found"));
    }

    private String storedText(String eventId) throws Exception {
        try (Connection c = dataSource.getConnection();
             PreparedStatement st = c.prepareStatement("SELECT occurred_at FROM call_events WHERE event_id = ?::uuid")) {
            st.setString(1, eventId);
            try (ResultSet rs = st.executeQuery()) {
                assertTrue(rs.next());
                return CallCompleted.canonicalInstant(rs.getObject(1, OffsetDateTime.class).toInstant());
            }
        }
    }

    private Map<?, ?> verify(String agent) {
        return http.toBlocking().retrieve(HttpRequest.GET("/audit/" + agent + "/verify"), Map.class);
    }

    private Map<?, ?> awaitVerified(String agent, int links) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 20_000;
        Map<?, ?> verify = verify(agent);
        while (((Number) verify.get("links_checked")).intValue() < links && System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
            verify = verify(agent);
        }
        assertEquals(links, ((Number) verify.get("links_checked")).intValue(), verify.toString());
        return verify;
    }
}
