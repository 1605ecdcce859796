package dev.quipu.reputation.budget;

import dev.quipu.contracts.events.BudgetChanged;
import dev.quipu.contracts.events.Topics;
import dev.quipu.runtime.kafka.KafkaCredentials;
import io.micronaut.context.annotation.Value;
import io.micronaut.jdbc.DataSourceResolver;
import io.micronaut.json.JsonMapper;
import io.micronaut.scheduling.annotation.Scheduled;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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
 * Publishes stored cap changes ({@code budget_changes}) on {@code quipu.budgets.v1} (key agent id)
 * in the order they were committed and marks them published. {@code POST /budget} publishes right
 * after its commit; whatever the broker did not take then is retried every two seconds, so a
 * committed cap always reaches the gateways.
 */
@Singleton
public class BudgetPublisher {

    private static final Logger LOG = LoggerFactory.getLogger(BudgetPublisher.class);

    private final DataSource dataSource;
    private final JsonMapper json;
    private final KafkaProducer<String, String> producer;

    public BudgetPublisher(DataSource dataSource, DataSourceResolver resolver, JsonMapper json,
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
                ProducerConfig.CLIENT_ID_CONFIG, "reputation-service-budgets")),
                new StringSerializer(), new StringSerializer());
    }

    /**
     * Publishes every unpublished change; the first failure stops the batch, so that no change of an
     * agent overtakes an earlier one. @return how many changes were published
     */
    public synchronized int publishPending() throws SQLException, IOException {
        try (Connection c = dataSource.getConnection()) {
            List<BudgetChanged> pending = new ArrayList<>();
            try (PreparedStatement st = c.prepareStatement("SELECT event_id, agent_id, capped, limit_atomic, period, "
                    + "set_by, changed_at FROM budget_changes WHERE NOT published ORDER BY changed_at, event_id LIMIT 1000");
                 ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    long limit = rs.getLong(4);
                    pending.add(new BudgetChanged(rs.getString(1), rs.getString(2), rs.getBoolean(3),
                            rs.wasNull() ? null : BudgetController.usdc(limit), rs.getString(5), rs.getString(6),
                            rs.getTimestamp(7).toInstant().toString()));
                }
            }
            for (BudgetChanged b : pending) {
                try {
                    producer.send(new ProducerRecord<>(Topics.BUDGETS, b.agentId(), json.writeValueAsString(b)))
                            .get(10, TimeUnit.SECONDS);
                } catch (Exception e) {
                    if (e instanceof InterruptedException) {
                        Thread.currentThread().interrupt();
                    }
                    throw new IOException("budget change " + b.eventId() + " could not be published: " + e.getMessage(), e);
                }
                try (PreparedStatement st = c.prepareStatement("UPDATE budget_changes SET published = true WHERE event_id = ?::uuid")) {
                    st.setString(1, b.eventId());
                    st.executeUpdate();
                }
            }
            return pending.size();
        }
    }

    /** Retries what a request could not publish (broker away); a no-op query on a partial index otherwise. */
    @Scheduled(fixedDelay = "2s", initialDelay = "2s")
    void retryPending() {
        try {
            int published = publishPending();
            if (published > 0) {
                LOG.info("published {} budget change(s) left over", published);
            }
        } catch (SQLException | IOException | RuntimeException e) {
            LOG.warn("budget changes not published yet, retrying: {}", e.getMessage());
        }
    }

    @PreDestroy
    void close() {
        producer.close(Duration.ofSeconds(5));
    }
}
