package dev.quipu.payment.outbox;

import io.micronaut.scheduling.annotation.Scheduled;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.micronaut.jdbc.DataSourceResolver;

import javax.sql.DataSource;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Publishes outbox rows to Kafka in order, keyed by agent id, and marks them published only once the
 * broker acknowledged them (acks=all). When the broker is down the rows simply wait; the first
 * failure stops the batch so that no agent's events overtake each other.
 *
 * <p>Whoever commits outbox rows calls {@link #wake()}, so that they are published at once rather
 * than at the next poll: the gateway holds each paid answer until the call's audit link comes back,
 * and a 200 ms poll would be most of that wait. The poll stays, for rows of crashed or other instances.
 */
@Singleton
public class OutboxRelay {

    private static final Logger LOG = LoggerFactory.getLogger(OutboxRelay.class);

    private final DataSource dataSource;
    private final CallOutbox outbox;
    private final Producer<String, byte[]> producer;
    private final OutboxConfig config;
    /** One relay run at a time off the request threads; {@link #woken} coalesces wake-ups into it. */
    private final ExecutorService waker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "outbox-relay-waker");
        t.setDaemon(true);
        return t;
    });
    private final AtomicBoolean woken = new AtomicBoolean();

    public OutboxRelay(DataSource dataSource, DataSourceResolver resolver, CallOutbox outbox, OutboxProducer producer,
                       OutboxConfig config) {
        // plain pooled connections: these classes manage their own transactions
        this.dataSource = resolver.resolve(dataSource);
        this.outbox = outbox;
        this.producer = producer.producer();
        this.config = config;
    }

    /** Publishes soon: call after committing a transaction that appended to the outbox. */
    public void wake() {
        if (woken.compareAndSet(false, true)) {
            try {
                waker.execute(() -> {
                    woken.set(false); // rows committed from now on get a run of their own
                    relay();
                });
            } catch (RejectedExecutionException e) {
                woken.set(false); // shutting down: the rows wait for the next start
            }
        }
    }

    @PreDestroy
    void stopWaker() {
        waker.shutdownNow();
    }

    @Scheduled(fixedDelay = "${quipu.outbox.poll-interval:200ms}", initialDelay = "1s")
    void relay() {
        try {
            while (relayBatch() == config.batchSize()) {
                // a full batch: more may be waiting
            }
        } catch (SQLException e) {
            LOG.warn("outbox relay could not read the outbox: {}", e.getMessage());
        }
    }

    /** Publishes one batch; returns how many rows were published. */
    public synchronized int relayBatch() throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                List<CallOutbox.Pending> rows = outbox.lockOldestUnpublished(c, config.batchSize());
                List<Future<RecordMetadata>> sends = new ArrayList<>();
                for (CallOutbox.Pending row : rows) {
                    sends.add(producer.send(new ProducerRecord<>(row.topic(), row.agentId(),
                            row.payload().getBytes(StandardCharsets.UTF_8))));
                }
                List<Long> published = new ArrayList<>();
                for (int i = 0; i < rows.size(); i++) {
                    try {
                        sends.get(i).get(config.sendTimeout().toMillis(), TimeUnit.MILLISECONDS);
                        published.add(rows.get(i).seq());
                    } catch (ExecutionException | TimeoutException e) {
                        String why = e instanceof ExecutionException ? String.valueOf(e.getCause()) : "timed out";
                        LOG.warn("outbox event {} not published yet: {}", rows.get(i).eventId(), why);
                        outbox.markFailed(c, rows.get(i).seq(), why);
                        break;
                    }
                }
                if (!published.isEmpty()) {
                    outbox.markPublished(c, published);
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
}
