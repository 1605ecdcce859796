package dev.quipu.payment.outbox;

import dev.quipu.runtime.kafka.KafkaCredentials;
import io.micronaut.context.annotation.Value;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

import java.time.Duration;
import java.util.Map;

/**
 * The relay's Kafka producer: idempotent, acks=all, and bounded waits so that a missing broker
 * delays publication instead of blocking the relay thread for minutes.
 */
@Singleton
public class OutboxProducer {

    private final KafkaProducer<String, byte[]> producer;

    public OutboxProducer(@Value("${kafka.bootstrap.servers}") String bootstrapServers,
            KafkaCredentials credentials) {
        this.producer = new KafkaProducer<>(credentials.apply(Map.<String, Object>of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                ProducerConfig.MAX_BLOCK_MS_CONFIG, 5000,
                ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 3000,
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 8000,
                ProducerConfig.LINGER_MS_CONFIG, 1,
                ProducerConfig.CLIENT_ID_CONFIG, "payment-service-outbox")),
                new StringSerializer(), new ByteArraySerializer());
    }

    Producer<String, byte[]> producer() {
        return producer;
    }

    @PreDestroy
    void close() {
        producer.close(Duration.ofSeconds(5));
    }
}
