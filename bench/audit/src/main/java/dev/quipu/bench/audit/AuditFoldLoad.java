package dev.quipu.bench.audit;

import dev.quipu.audit.AuditApplication;
import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.contracts.events.Topics;
import dev.quipu.runtime.UuidV7;
import dev.quipu.testkit.EmbeddedDatabase;
import dev.quipu.testkit.EmbeddedKafka;
import io.micronaut.context.ApplicationContext;
import io.micronaut.json.JsonMapper;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Runs audit-service against a fresh in-process broker and database, then measures
 * (1) the sustained fold rate: N call events published as fast as the producer can, timed until
 * the last link is on quipu.audit.chain.v1, and (2) the link latency: one call at a time, from its
 * event being published to its link arriving, which is what the gateway's wait adds after the
 * event is durable. Arguments: events (default 50000), agents (1000), latency samples (300).
 */
public final class AuditFoldLoad {

    private AuditFoldLoad() {
    }

    public static void main(String[] args) throws Exception {
        int events = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
        int agents = args.length > 1 ? Integer.parseInt(args[1]) : 1_000;
        int samples = args.length > 2 ? Integer.parseInt(args[2]) : 300;
        EmbeddedKafka kafka = new EmbeddedKafka(Files.createTempDirectory("bench-audit-kraft-"), 0, 0).start();
        kafka.createTopics(Topics.all(), Topics.PARTITIONS);
        EmbeddedDatabase db = EmbeddedDatabase.shared();
        String database = "quipu_audit_bench_" + System.currentTimeMillis();
        Map<String, Object> props = new HashMap<>();
        props.put("kafka.bootstrap.servers", kafka.bootstrapServers());
        props.put("datasources.default.url", db.jdbcUrl(database));
        props.put("datasources.default.username", EmbeddedDatabase.USER);
        props.put("datasources.default.password", EmbeddedDatabase.PASSWORD);
        props.put("micronaut.server.port", -1);
        props.putAll(dev.quipu.testkit.SuiteResources.internalAuth("audit-service"));
        try (ApplicationContext service = ApplicationContext.builder(AuditApplication.class).properties(props).start();
             KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
                     ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(), ProducerConfig.LINGER_MS_CONFIG, 5,
                     // large batches, so that publishing outruns the fold and the backlog, not the
                     // load generator, sets the pace being measured
                     ProducerConfig.BATCH_SIZE_CONFIG, 512 * 1024,
                     ProducerConfig.ACKS_CONFIG, "all"), new StringSerializer(), new StringSerializer());
             KafkaConsumer<String, String> links = linksConsumer(kafka.bootstrapServers())) {
            JsonMapper json = service.getBean(JsonMapper.class);
            // warm up: the listener joins its group and the JIT settles
            publishAndAwait(producer, links, json, 2_000, 50);
            Map<String, Long> cpuBefore = CpuShares.snapshot(db.port());
            Map<String, Long> requestsBefore = CpuShares.brokerRequests();
            long started = System.nanoTime();
            publishAndAwait(producer, links, json, events, agents);
            double seconds = (System.nanoTime() - started) / 1e9;
            System.out.printf("fold: %d events over %d agents in %.2f s = %.0f events/s%n", events, agents, seconds, events / seconds);
            System.out.println(CpuShares.report(cpuBefore, CpuShares.snapshot(db.port()), seconds));
            System.out.println(CpuShares.requestsReport(requestsBefore, CpuShares.brokerRequests()));

            long[] latencies = new long[samples];
            for (int i = 0; i < samples; i++) {
                long t0 = System.nanoTime();
                publishAndAwait(producer, links, json, 1, 1);
                latencies[i] = System.nanoTime() - t0;
            }
            Arrays.sort(latencies);
            System.out.printf("link latency over %d calls: p50 %.1f ms, p95 %.1f ms, p99 %.1f ms%n", samples,
                    latencies[samples / 2] / 1e6, latencies[(int) (samples * 0.95)] / 1e6, latencies[(int) (samples * 0.99)] / 1e6);
        } finally {
            kafka.close();
        }
    }

    /** Event ids as the gateway makes them: time-ordered UUIDv7, not random version-4 ids. */
    private static final UuidV7 EVENT_IDS = new UuidV7();

    /** Call event {@code i} of a run: a paid sanctions check by one of {@code agents} agents. */
    static CallCompleted call(String run, int i, int agents) {
        return new CallCompleted(EVENT_IDS.next().toString(), Instant.now().toString(), "sanctions_quick",
                "POST /sanctions/quick", "bench-" + run + "-" + (i % agents), "0x1111111111111111111111111111111111111111",
                "paid", "0.01", 10000, new CallCompleted.PaymentRef("eip155:8453", "0xtx", "0x" + i), 200, 12,
                "{\"name\":\"Juan Perez\",\"country\":\"CO\",\"type\":\"person\"}",
                "{\"risk_score\":0.0,\"risk_category\":\"LOW\",\"matches\":[],\"lists_checked\":[\"OFAC_SDN\",\"UN\",\"EU\",\"UK\"]}",
                Map.of("ofac_sdn", "2025-01-14", "un", "2025-01-10"));
    }

    private static KafkaConsumer<String, String> linksConsumer(String servers) {
        KafkaConsumer<String, String> c = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, servers,
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false, ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 2000),
                new StringDeserializer(), new StringDeserializer());
        List<TopicPartition> partitions = new ArrayList<>();
        for (int p = 0; p < Topics.PARTITIONS; p++) {
            partitions.add(new TopicPartition(Topics.AUDIT_CHAIN, p));
        }
        c.assign(partitions);
        c.seekToEnd(partitions);
        partitions.forEach(c::position);
        return c;
    }

    private static void publishAndAwait(KafkaProducer<String, String> producer, KafkaConsumer<String, String> links,
                                        JsonMapper json, int events, int agents) throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 8);
        long t0 = System.nanoTime();
        for (int i = 0; i < events; i++) {
            CallCompleted call = call(run, i, agents);
            String agent = call.agentId();
            producer.send(new ProducerRecord<>(Topics.CALLS, agent, json.writeValueAsString(call)));
        }
        producer.flush();
        if (events > 1) {
            System.out.printf("  %d events published in %.2f s%n", events, (System.nanoTime() - t0) / 1e9);
        }
        int seen = 0;
        long deadline = System.currentTimeMillis() + 600_000;
        while (seen < events && System.currentTimeMillis() < deadline) {
            for (ConsumerRecord<String, String> r : links.poll(Duration.ofMillis(50))) {
                if (r.key() != null && r.key().startsWith("bench-" + run)) {
                    seen++;
                }
            }
        }
        if (seen < events) {
            throw new IllegalStateException("only " + seen + " of " + events + " links arrived");
        }
    }
}
