package dev.quipu.audit.chain;

import dev.quipu.contracts.events.AuditLink;
import dev.quipu.contracts.events.Topics;
import dev.quipu.runtime.kafka.KafkaCredentials;
import io.micronaut.context.annotation.Value;
import io.micronaut.json.JsonMapper;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.StringSerializer;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Publishes links on {@code quipu.audit.chain.v1} keyed by agent id, idempotent and acks=all. A
 * batch is handed to the producer whole, flushed and then awaited, so the consumer commits its
 * offsets only after every link of the batch is on the broker.
 */
@Singleton
public class LinkPublisher {

    private final KafkaProducer<String, String> producer;
    private final JsonMapper json;

    public LinkPublisher(@Value("${kafka.bootstrap.servers}") String bootstrapServers,
            KafkaCredentials credentials, JsonMapper json) {
        this.json = json;
        this.producer = new KafkaProducer<>(credentials.apply(Map.<String, Object>of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                ProducerConfig.MAX_BLOCK_MS_CONFIG, 5000,
                ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 3000,
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 8000,
                // a poll batch's links for one partition go out as one produce request (the default 16 KB
                // holds about 35 links, so a batch of 500 took 14 requests, each an append the broker handles
                // and syncs on its own); publish() flushes, so linger only matters between batches
                ProducerConfig.BATCH_SIZE_CONFIG, 512 * 1024,
                ProducerConfig.LINGER_MS_CONFIG, 5,
                ProducerConfig.CLIENT_ID_CONFIG, "audit-service-links")),
                new StringSerializer(), new StringSerializer());
    }

    public void publish(List<AuditLink> links) throws IOException {
        List<Future<RecordMetadata>> sent = new ArrayList<>(links.size());
        for (AuditLink link : links) {
            sent.add(producer.send(new ProducerRecord<>(Topics.AUDIT_CHAIN, link.agentId(), json.writeValueAsString(link))));
        }
        // send the batch now, whole, rather than after linger.ms
        producer.flush();
        try {
            for (Future<RecordMetadata> f : sent) {
                f.get(10, TimeUnit.SECONDS);
            }
        } catch (ExecutionException | TimeoutException e) {
            throw new IOException("audit links could not be published: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while publishing audit links", e);
        }
    }

    @PreDestroy
    void close() {
        producer.close(Duration.ofSeconds(5));
    }
}
