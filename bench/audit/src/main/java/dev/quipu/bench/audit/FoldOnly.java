package dev.quipu.bench.audit;

import dev.quipu.audit.chain.ChainFolder;
import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.testkit.EmbeddedDatabase;
import dev.quipu.testkit.EmbeddedKafka;
import io.micronaut.context.ApplicationContext;
import io.micronaut.json.JsonMapper;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The fold alone, without Kafka: call events are handed to {@link ChainFolder} in batches on this
 * thread, so the CPU of the fold (parse, canonical JSON, hashes) and of PostgreSQL per event can be
 * told apart from the broker's. Arguments: events (default 50000), agents (1000), batch size (100).
 */
public final class FoldOnly {

    private FoldOnly() {
    }

    public static void main(String[] args) throws Exception {
        int events = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
        int agents = args.length > 1 ? Integer.parseInt(args[1]) : 1_000;
        int batch = args.length > 2 ? Integer.parseInt(args[2]) : 100;
        // the service starts its listener; an idle broker keeps it from logging connection errors
        EmbeddedKafka kafka = new EmbeddedKafka(Files.createTempDirectory("bench-audit-kraft-"), 0, 0).start();
        EmbeddedDatabase db = EmbeddedDatabase.shared();
        Map<String, Object> props = new HashMap<>();
        props.put("kafka.bootstrap.servers", kafka.bootstrapServers());
        props.put("datasources.default.url", db.jdbcUrl("quipu_audit_foldonly_" + System.currentTimeMillis()));
        props.put("datasources.default.username", EmbeddedDatabase.USER);
        props.put("datasources.default.password", EmbeddedDatabase.PASSWORD);
        props.put("micronaut.server.port", -1);
        props.putAll(dev.quipu.testkit.SuiteResources.internalAuth("audit-service"));
        props.put("kafka.enabled", false);
        try (ApplicationContext service = ApplicationContext.builder(dev.quipu.audit.AuditApplication.class).properties(props).start()) {
            JsonMapper json = service.getBean(JsonMapper.class);
            ChainFolder folder = service.getBean(ChainFolder.class);
            for (int round = 0; round < 2; round++) { // the first round warms the JIT up
                List<List<String>> batches = new ArrayList<>();
                String run = UUID.randomUUID().toString().substring(0, 8);
                List<String> current = new ArrayList<>();
                for (int i = 0; i < events; i++) {
                    current.add(json.writeValueAsString(AuditFoldLoad.call(run, i, agents)));
                    if (current.size() == batch) {
                        batches.add(current);
                        current = new ArrayList<>();
                    }
                }
                if (!current.isEmpty()) {
                    batches.add(current);
                }
                Map<String, Long> before = CpuShares.snapshot(db.port());
                long thread0 = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
                long t0 = System.nanoTime();
                for (List<String> b : batches) {
                    folder.fold(b);
                }
                double seconds = (System.nanoTime() - t0) / 1e9;
                long threadNs = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - thread0;
                Map<String, Long> after = CpuShares.snapshot(db.port());
                long pg = after.get("postgresql (server processes)") - before.get("postgresql (server processes)");
                System.out.printf("%s: %d events in batches of %d: %.2f s wall, %.0f events/s; fold thread %.1f us/event, "
                        + "postgresql %.1f us/event%n", round == 0 ? "warm-up" : "fold", events, batch, seconds, events / seconds,
                        threadNs / 1e3 / events, pg / 1e3 / events);
            }
        } finally {
            kafka.close();
        }
    }
}
