package dev.quipu.payment.events;

import dev.quipu.contracts.events.Topics;
import dev.quipu.runtime.kafka.KafkaCredentials;
import io.micronaut.context.annotation.Value;
import io.micronaut.jdbc.DataSourceResolver;
import io.micronaut.scheduling.annotation.Scheduled;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Publishes payment lifecycle events ({@code claimed}, {@code settling}, {@code settled},
 * {@code failed}, {@code pending}, {@code released}) from {@code payment_event_outbox} to
 * {@code quipu.payments.v1}, keyed by payer, in order; a row is marked published only once the
 * broker acknowledged it. Rows are written in the transaction of the state change they describe.
 */
@Singleton
public class PaymentEventRelay {

    private static final Logger LOG = LoggerFactory.getLogger(PaymentEventRelay.class);
    private static final int BATCH = 200;

    private final DataSource dataSource;
    private final KafkaProducer<String, String> producer;

    public PaymentEventRelay(DataSource dataSource, DataSourceResolver resolver,
                             @Value("${kafka.bootstrap.servers}") String bootstrapServers,
            KafkaCredentials credentials) {
        this.dataSource = resolver.resolve(dataSource);
        this.producer = new KafkaProducer<>(credentials.apply(Map.<String, Object>of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                ProducerConfig.MAX_BLOCK_MS_CONFIG, 5000,
                ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 3000,
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 8000,
                ProducerConfig.LINGER_MS_CONFIG, 1,
                ProducerConfig.CLIENT_ID_CONFIG, "payment-service-payment-events")),
                new StringSerializer(), new StringSerializer());
    }

    @Scheduled(fixedDelay = "${quipu.payments.events-poll-interval:500ms}", initialDelay = "1s")
    void relay() {
        try {
            while (relayBatch() == BATCH) {
                // a full batch: more may be waiting
            }
        } catch (SQLException e) {
            LOG.warn("payment events could not be read: {}", e.getMessage());
        }
    }

    /** Publishes one batch; returns how many events were published. */
    public synchronized int relayBatch() throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                List<long[]> seqs = new ArrayList<>();
                List<Future<RecordMetadata>> sends = new ArrayList<>();
                try (PreparedStatement st = c.prepareStatement("SELECT seq, payer, payload FROM payment_event_outbox "
                        + "WHERE published_at IS NULL ORDER BY seq LIMIT ? FOR UPDATE SKIP LOCKED")) {
                    st.setInt(1, BATCH);
                    try (ResultSet rs = st.executeQuery()) {
                        while (rs.next()) {
                            seqs.add(new long[]{rs.getLong(1)});
                            sends.add(producer.send(new ProducerRecord<>(Topics.PAYMENTS, rs.getString(2), rs.getString(3))));
                        }
                    }
                }
                List<Long> published = new ArrayList<>();
                for (int i = 0; i < sends.size(); i++) {
                    try {
                        sends.get(i).get(10, TimeUnit.SECONDS);
                        published.add(seqs.get(i)[0]);
                    } catch (ExecutionException | TimeoutException e) {
                        LOG.warn("payment event {} not published yet: {}", seqs.get(i)[0], e.getMessage());
                        break;
                    }
                }
                if (!published.isEmpty()) {
                    try (PreparedStatement st = c.prepareStatement(
                            "UPDATE payment_event_outbox SET published_at = now() WHERE seq = ANY (?)")) {
                        st.setArray(1, c.createArrayOf("bigint", published.toArray()));
                        st.executeUpdate();
                    }
                }
                c.commit();
                return published.size();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                c.rollback();
                return 0;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
    }

    @PreDestroy
    void close() {
        producer.close(Duration.ofSeconds(5));
    }
}
