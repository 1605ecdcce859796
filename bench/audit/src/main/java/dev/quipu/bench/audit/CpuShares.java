package dev.quipu.bench.audit;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where the CPU of a timed run went: this JVM's threads grouped by what they do (audit-service's
 * consumers, its link producer, the broker, the load generator) and the PostgreSQL processes this
 * JVM started. Everything shares the same cores, so the shares show which part to make cheaper.
 */
final class CpuShares {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private CpuShares() {
    }

    /** CPU nanoseconds so far by group; threads that end during the run are not counted. */
    static Map<String, Long> snapshot(int postgresPort) {
        Map<String, Long> cpu = new TreeMap<>();
        for (ThreadInfo t : THREADS.getThreadInfo(THREADS.getAllThreadIds())) {
            if (t == null) {
                continue;
            }
            long ns = THREADS.getThreadCpuTime(t.getThreadId());
            if (ns > 0) {
                cpu.merge(group(t.getThreadName()), ns, Long::sum);
            }
        }
        // pg_ctl detaches the server from this JVM: find its postmaster by port, then its backends
        String port = " -p " + postgresPort + " ";
        long postgres = ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().map(c -> c.contains("/bin/postgres") && c.contains(port)).orElse(false))
                .flatMap(p -> java.util.stream.Stream.concat(java.util.stream.Stream.of(p), p.descendants()))
                .mapToLong(p -> p.info().totalCpuDuration().map(Duration::toNanos).orElse(0L)).sum();
        cpu.put("postgresql (server processes)", postgres);
        return cpu;
    }

    static String group(String thread) {
        if (thread.startsWith("pool-") || thread.contains("audit-service-consumer") || thread.startsWith("consumer-executor")) {
            return "audit-service fold (consumer threads)";
        }
        if (thread.contains("audit-service-links")) {
            return "audit-service link producer I/O";
        }
        if (thread.startsWith("kafka-producer-network-thread")) {
            return "load generator producer I/O";
        }
        if (thread.equals("main")) {
            return "load generator + link reader (main)";
        }
        if (thread.startsWith("data-plane-kafka") || thread.startsWith("kafka-") || thread.startsWith("broker-")
                || thread.startsWith("quorum-") || thread.startsWith("group-") || thread.startsWith("log-")
                || thread.contains("ExpirationReaper") || thread.startsWith("raft") || thread.contains("controller")) {
            return "kafka broker";
        }
        if (thread.startsWith("HikariPool")) {
            return "connection pool";
        }
        if (thread.contains("GC") || thread.contains("G1") || thread.startsWith("C1 ") || thread.startsWith("C2 ")
                || thread.startsWith("VM ") || thread.contains("Compiler")) {
            return "jvm (gc, jit)";
        }
        return "other: " + thread.replaceAll("\\d+", "#");
    }

    /** Requests the in-process broker has handled so far, by API (Produce, Fetch, OffsetCommit, ...). */
    static Map<String, Long> brokerRequests() {
        Map<String, Long> counts = new TreeMap<>();
        try {
            javax.management.MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            for (javax.management.ObjectName name : server.queryNames(
                    new javax.management.ObjectName("kafka.network:type=RequestMetrics,name=RequestsPerSec,*"), null)) {
                counts.merge(name.getKeyProperty("request"), ((Number) server.getAttribute(name, "Count")).longValue(), Long::sum);
            }
        } catch (Exception e) {
            counts.put("unavailable: " + e.getMessage(), 0L);
        }
        return counts;
    }

    static String requestsReport(Map<String, Long> before, Map<String, Long> after) {
        StringBuilder out = new StringBuilder("  broker requests during the fold:");
        after.forEach((api, n) -> {
            long d = n - before.getOrDefault(api, 0L);
            if (d > 0) {
                out.append(' ').append(api).append(' ').append(d);
            }
        });
        return out.toString();
    }

    static String report(Map<String, Long> before, Map<String, Long> after, double seconds) {
        StringBuilder out = new StringBuilder(String.format("  cpu during the fold (%.2f s wall, %.2f core-seconds available on %d cores):%n",
                seconds, seconds * Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().availableProcessors()));
        Map<String, Long> spent = new TreeMap<>();
        after.forEach((group, ns) -> spent.put(group, ns - before.getOrDefault(group, 0L)));
        long total = spent.values().stream().mapToLong(Long::longValue).sum();
        spent.entrySet().stream().sorted((a, b) -> Long.compare(b.getValue(), a.getValue())).filter(e -> e.getValue() > 10_000_000L)
                .forEach(e -> out.append(String.format("    %6.2f s  %5.1f%%  %s%n", e.getValue() / 1e9, 100.0 * e.getValue() / total, e.getKey())));
        out.append(String.format("    %6.2f s  total", total / 1e9));
        return out.toString();
    }
}
