package dev.quipu.devstack;

import dev.quipu.contracts.events.Topics;
import dev.quipu.contracts.pricebook.Service;
import dev.quipu.testkit.EmbeddedDatabase;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The devstack's broker and database in a temporary directory on free ports, without any service
 * jar: what they hold must survive a restart, as {@code ./quipu up} promises for {@code .quipu/data}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DevStackInfrastructureTest {

    @TempDir
    static Path tmp;

    private DevStackConfig config;
    private DevStack stack;

    @BeforeAll
    void startInfrastructure() throws Exception {
        // fixed for both runs, as .quipu is; free now so the test does not collide with a running devstack
        Path repoRoot = tmp.resolve("repo");
        Path corruptJar = repoRoot.resolve("sanctions-service/target/sanctions-service-"
                + DevStackConfig.suiteVersion() + ".jar");
        Files.createDirectories(corruptJar.getParent());
        Files.writeString(corruptJar, "not a jar");
        config = DevStackConfig.builder()
                .baseDir(tmp.resolve("quipu"))
                .repoRoot(repoRoot)
                .kafkaPort(DevStack.freePort())
                .kafkaControllerPort(DevStack.freePort())
                .postgresPort(DevStack.freePort())
                .servicePort(Service.SANCTIONS, DevStack.freePort())
                .services(List.of(Service.SANCTIONS))
                .readyTimeout(Duration.ofSeconds(30))
                .build();
        stack = DevStack.startInfrastructure(config);
    }

    @AfterAll
    void stop() {
        if (stack != null) {
            stack.close();
        }
    }

    @Test
    @Order(1)
    void createsADatabasePerServiceAndEveryTopic() throws Exception {
        Set<String> databases = new java.util.HashSet<>();
        try (Connection c = connect("postgres");
             Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT datname FROM pg_database")) {
            while (rs.next()) {
                databases.add(rs.getString(1));
            }
        }
        for (String name : List.of("quipu_payment", "quipu_sanctions", "quipu_registry", "quipu_rates",
                "quipu_report", "quipu_audit", "quipu_reputation")) {
            assertTrue(databases.contains(name), name + " missing from " + databases);
        }
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, stack.kafka().adminBootstrapServers()))) {
            Set<String> topics = admin.listTopics().names().get(10, TimeUnit.SECONDS);
            assertTrue(topics.containsAll(Topics.all()), "topics " + topics);
        }
        assertTrue(Files.readString(config.runDir().resolve("ports")).contains("postgres=" + config.postgresPort()));
    }

    @Test
    @Order(2)
    void refusesASecondDevstackOnTheSameDirectory() {
        DevStackException e = assertThrows(DevStackException.class, () -> DevStack.startInfrastructure(config));
        assertTrue(e.getMessage().contains("already running"), e.getMessage());
    }

    @Test
    @Order(3)
    void namesAServiceThatDiesOnStartAndShowsTheEndOfItsLog() {
        DevStackException e = assertThrows(DevStackException.class, stack::startServices);
        assertTrue(e.getMessage().startsWith("sanctions-service exited with code 1 before it was healthy"), e.getMessage());
        assertTrue(e.getMessage().contains("sanctions-service.log"), e.getMessage());
        assertTrue(e.getMessage().contains("jarfile"), "the JVM's own complaint is shown: " + e.getMessage());
    }

    @Test
    @Order(4)
    void keepsTableRowsAndKafkaRecordsAcrossARestart() throws Exception {
        try (Connection c = connect("quipu_audit"); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE devstack_probe (id text PRIMARY KEY)");
            st.execute("INSERT INTO devstack_probe VALUES ('survives')");
        }
        RecordMetadata written;
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.kafka().adminBootstrapServers(),
                ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName(),
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName()))) {
            written = producer.send(new ProducerRecord<>(Topics.CALLS, "agent-1", "{\"probe\":\"survives\"}"))
                    .get(10, TimeUnit.SECONDS);
        }

        stack.close();
        assertFalse(Files.exists(config.runDir().resolve("ports")), "a stopped devstack leaves no ports file");
        stack = DevStack.startInfrastructure(config);

        try (Connection c = connect("quipu_audit"); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT id FROM devstack_probe")) {
            assertTrue(rs.next());
            assertEquals("survives", rs.getString(1));
        }
        TopicPartition partition = new TopicPartition(Topics.CALLS, written.partition());
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.kafka().adminBootstrapServers(),
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName(),
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName()))) {
            consumer.assign(List.of(partition));
            consumer.seek(partition, written.offset());
            List<ConsumerRecord<String, String>> records = new ArrayList<>();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (records.isEmpty() && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(500)).forEach(records::add);
            }
            assertFalse(records.isEmpty(), "the record written before the restart is still there");
            assertEquals("agent-1", records.get(0).key());
            assertEquals("{\"probe\":\"survives\"}", records.get(0).value());
        }
    }

    @Test
    @Order(5)
    void theBrokerTakesACallOnlyFromPaymentServiceWithItsOwnPassword() throws Exception {
        SuiteSecrets secrets = SuiteSecrets.ensure(config.baseDir());
        try (KafkaProducer<String, String> payment = producerAs("payment-service", secrets)) {
            payment.send(new ProducerRecord<>(Topics.CALLS, "agent-2", "{}")).get(20, TimeUnit.SECONDS);
        }
        for (String stranger : List.of("audit-service", "gateway", "report-service")) {
            try (KafkaProducer<String, String> producer = producerAs(stranger, secrets)) {
                var e = org.junit.jupiter.api.Assertions.assertThrows(java.util.concurrent.ExecutionException.class,
                        () -> producer.send(new ProducerRecord<>(Topics.CALLS, "agent-2", "{\"access\":\"paid\"}")).get(20, TimeUnit.SECONDS));
                assertTrue(e.getCause() instanceof org.apache.kafka.common.errors.TopicAuthorizationException, stranger + ": " + e.getCause());
            }
        }
    }

    private KafkaProducer<String, String> producerAs(String principal, SuiteSecrets secrets) {
        Map<String, Object> config = new java.util.HashMap<>(dev.quipu.testkit.KafkaAccessControl.clientConfig(stack.bootstrapServers(),
                principal, secrets.get(SuiteSecrets.kafkaPasswordVariable(principal))));
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 10_000);
        config.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 15_000);
        config.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
        return new KafkaProducer<>(config, new StringSerializer(), new StringSerializer());
    }

    private Connection connect(String database) throws Exception {
        return DriverManager.getConnection(ServiceEnvironment.jdbcUrl(stack.postgresPort(), database),
                EmbeddedDatabase.USER, EmbeddedDatabase.PASSWORD);
    }
}
