package dev.quipu.payment.outbox;

import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.contracts.events.Topics;
import dev.quipu.testkit.EmbeddedKafka;
import dev.quipu.testkit.SuiteResources;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A committed outbox row is published at once, not at the relay's next poll: with the poll set to an
 * hour, only the wake-up after the commit can publish it.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OutboxWakeTest implements TestPropertyProvider {

    @Inject
    @Client("/")
    HttpClient http;

    @Override
    public Map<String, String> getProperties() {
        Map<String, String> props = new HashMap<>(SuiteResources.forService("quipu_payment_wake_test"));
        props.put("quipu.outbox.poll-interval", "1h");
        return props;
    }

    @Test
    void aHandedOffCallIsPublishedWithoutWaitingForThePoll() {
        String eventId = UUID.randomUUID().toString();
        CallCompleted call = new CallCompleted(eventId, Instant.now().toString(), "rates", "POST /rates", "agent-woken",
                null, "open", "0.02", 0, null, 200, 3, "{\"country\":\"CO\"}", "{}", Map.of());
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, EmbeddedKafka.shared().bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG, "outbox-wake-test-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest"),
                new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(Topics.CALLS));
            while (consumer.assignment().isEmpty()) {
                consumer.poll(Duration.ofMillis(100));
            }
            http.toBlocking().exchange(HttpRequest.POST("/internal/calls", call));
            long deadline = System.currentTimeMillis() + 10_000;
            boolean published = false;
            while (!published && System.currentTimeMillis() < deadline) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(100))) {
                    published |= r.value().contains(eventId);
                }
            }
            assertTrue(published, "the call event was published without the hourly poll");
        }
    }
}
