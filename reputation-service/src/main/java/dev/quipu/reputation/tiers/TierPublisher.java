package dev.quipu.reputation.tiers;

import dev.quipu.contracts.events.TierChanged;
import dev.quipu.contracts.events.Topics;
import dev.quipu.runtime.kafka.KafkaCredentials;
import io.micronaut.context.annotation.Value;
import io.micronaut.jdbc.DataSourceResolver;
import io.micronaut.json.JsonMapper;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

import javax.sql.DataSource;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Publishes stored tier changes on {@code quipu.reputation.v1} (key agent id) in the order they
 * happened and marks them published; whatever the broker did not take is sent with the next batch.
 */
@Singleton
public class TierPublisher {

    private final DataSource dataSource;
    private final JsonMapper json;
    private final KafkaProducer<String, String> producer;

    public TierPublisher(DataSource dataSource, DataSourceResolver resolver, JsonMapper json,
                         @Value("${kafka.bootstrap.servers}") String bootstrapServers,
            KafkaCredentials credentials) {
        this.dataSource = resolver.resolve(dataSource);
        this.json = json;
        this.producer = new KafkaProducer<>(credentials.apply(Map.<String, Object>of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                ProducerConfig.MAX_BLOCK_MS_CONFIG, 5000,
                ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 3000,
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 8000,
                ProducerConfig.CLIENT_ID_CONFIG, "reputation-service-tiers")),
                new StringSerializer(), new StringSerializer());
    }

    /** @return how many changes were published */
    public synchronized int publishPending() throws SQLException, IOException {
        try (Connection c = dataSource.getConnection()) {
            List<TierChanged> pending = new ArrayList<>();
            try (PreparedStatement st = c.prepareStatement("SELECT event_id, agent_id, from_tier, to_tier, discount_pct, "
                    + "occurred_at FROM tier_changes WHERE NOT published ORDER BY occurred_at, event_id LIMIT 1000");
                 ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    pending.add(new TierChanged(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                            rs.getInt(5), rs.getTimestamp(6).toInstant().toString()));
                }
            }
            for (TierChanged t : pending) {
                try {
                    producer.send(new ProducerRecord<>(Topics.REPUTATION, t.agentId(), json.writeValueAsString(t)))
                            .get(10, TimeUnit.SECONDS);
                } catch (Exception e) {
                    if (e instanceof InterruptedException) {
                        Thread.currentThread().interrupt();
                    }
                    throw new IOException("tier change " + t.eventId() + " could not be published: " + e.getMessage(), e);
                }
                try (PreparedStatement st = c.prepareStatement("UPDATE tier_changes SET published = true WHERE event_id = ?::uuid")) {
                    st.setString(1, t.eventId());
                    st.executeUpdate();
                }
            }
            return pending.size();
        }
    }

    @PreDestroy
    void close() {
        producer.close(Duration.ofSeconds(5));
    }
}
