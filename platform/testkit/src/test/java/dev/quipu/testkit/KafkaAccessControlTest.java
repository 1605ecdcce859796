package dev.quipu.testkit;

import dev.quipu.contracts.events.TopicAccess;
import dev.quipu.contracts.events.Topics;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real broker with SCRAM users and the ACLs of {@link TopicAccess}: events are accepted only from
 * the topic's owner, read only by its consumers, and nobody without credentials gets in.
 */
class KafkaAccessControlTest {

    private static EmbeddedKafka kafka;
    private static final Map<String, String> PASSWORDS = new HashMap<>();

    @BeforeAll
    static void start() throws Exception {
        kafka = EmbeddedKafka.withAccessControl(Files.createTempDirectory("quipu-kraft-acl-"));
        kafka.start();
        kafka.createTopics(Topics.all(), Topics.PARTITIONS);
        for (String principal : TopicAccess.principals()) {
            PASSWORDS.put(principal, UUID.randomUUID().toString());
        }
        KafkaAccessControl.apply(kafka.adminBootstrapServers(), PASSWORDS);
    }

    @AfterAll
    static void stop() {
        kafka.close();
    }

    @Test
    void theOwnerWritesItsTopicAndItsConsumerReadsIt() throws Exception {
        String key = "agent-" + UUID.randomUUID();
        try (KafkaProducer<String, String> payment = producer("payment-service", PASSWORDS.get("payment-service"))) {
            payment.send(new ProducerRecord<>(Topics.CALLS, key, "{\"event_id\":\"genuine\"}")).get(30, TimeUnit.SECONDS);
        }
        try (KafkaConsumer<String, String> audit = consumer("audit-service", PASSWORDS.get("audit-service"))) {
            audit.subscribe(List.of(Topics.CALLS));
            List<String> keys = new ArrayList<>();
            long deadline = System.currentTimeMillis() + 30_000;
            while (!keys.contains(key) && System.currentTimeMillis() < deadline) {
                for (ConsumerRecord<String, String> r : audit.poll(Duration.ofMillis(500))) {
                    keys.add(r.key());
                }
            }
            assertTrue(keys.contains(key), "audit-service reads the calls payment-service wrote");
        }
    }

    @Test
    void noOtherServiceCanPutACallOnTheCallsTopic() {
        for (String stranger : List.of("audit-service", "reputation-service", "gateway", "compliance")) {
            try (KafkaProducer<String, String> producer = producer(stranger, PASSWORDS.get(stranger))) {
                ExecutionException e = assertThrows(ExecutionException.class, () -> producer
                        .send(new ProducerRecord<>(Topics.CALLS, "agent", "{\"access\":\"paid\"}")).get(30, TimeUnit.SECONDS));
                assertInstanceOf(TopicAuthorizationException.class, e.getCause(), stranger + ": " + e.getCause());
            }
        }
    }

    @Test
    void aConsumerNotListedForATopicCannotReadIt() {
        try (KafkaConsumer<String, String> gateway = consumer("gateway", PASSWORDS.get("gateway"))) {
            gateway.subscribe(List.of(Topics.CALLS));
            assertThrows(TopicAuthorizationException.class, () -> {
                for (int i = 0; i < 20; i++) {
                    gateway.poll(Duration.ofMillis(500));
                }
            });
        }
    }

    @Test
    void aWrongPasswordIsRefused() {
        try (KafkaProducer<String, String> impostor = producer("payment-service", "not-the-password")) {
            ExecutionException e = assertThrows(ExecutionException.class, () -> impostor
                    .send(new ProducerRecord<>(Topics.CALLS, "agent", "{}")).get(30, TimeUnit.SECONDS));
            assertInstanceOf(SaslAuthenticationException.class, e.getCause(), String.valueOf(e.getCause()));
        }
    }

    @Test
    void everyTopicHasExactlyOneWriter() {
        assertEquals(Topics.all().stream().sorted().toList(),
                TopicAccess.all().stream().map(TopicAccess::topic).sorted().toList());
    }

    private static KafkaProducer<String, String> producer(String user, String password) {
        Map<String, Object> config = new HashMap<>(KafkaAccessControl.clientConfig(kafka.bootstrapServers(), user, password));
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 10_000);
        config.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 15_000);
        config.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
        return new KafkaProducer<>(config, new StringSerializer(), new StringSerializer());
    }

    private static KafkaConsumer<String, String> consumer(String user, String password) {
        Map<String, Object> config = new HashMap<>(KafkaAccessControl.clientConfig(kafka.bootstrapServers(), user, password));
        config.put(ConsumerConfig.GROUP_ID_CONFIG, user + "-" + UUID.randomUUID());
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        return new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer());
    }
}
