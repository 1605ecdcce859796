package dev.quipu.bench.sanctions;

import dev.quipu.sanctions.matching.Match;
import dev.quipu.sanctions.matching.Screener;
import dev.quipu.sanctions.matching.ScreeningQuery;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Closed-loop load script: one thread screens the query mix back to back (so screenings/s is per
 * core) and records every screening's latency. Run with -Xmx512m (the pom does). Arguments:
 * [warm-up queries, default 20000] [measured queries, default 50000].
 */
public final class ScreeningLoad {

    public static void main(String[] args) throws Exception {
        int warm = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        int measured = args.length > 1 ? Integer.parseInt(args[1]) : 50_000;
        System.out.println("load average before: " + loadAverage());
        Corpus corpus = new Corpus();
        System.out.printf("corpus: %d real entities + %d padding entities, %d indexed names%n",
                corpus.realEntities, corpus.paddingEntities, corpus.index.nameCount());
        System.out.printf("load real lists: %d ms wall, %d ms CPU; index build (60k names): %d ms wall, %d ms CPU%n",
                corpus.parseMillis, corpus.parseCpuMillis, corpus.buildMillis, corpus.buildCpuMillis);
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(200);
        }
        Runtime rt = Runtime.getRuntime();
        long heapAfterBuild = rt.totalMemory() - rt.freeMemory();
        System.out.printf("heap used after build and GC: %.1f MB (max heap %.0f MB)%n", heapAfterBuild / 1048576.0,
                rt.maxMemory() / 1048576.0);
        Screener screener = corpus.screener();
        List<ScreeningQuery> queries = corpus.queries(10_000);
        long hits = 0;
        for (int i = 0; i < warm; i++) {
            hits += screener.screen(corpus.index, queries.get(i % queries.size())).size();
        }
        long[] nanos = new long[measured];
        long cpu0 = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        int matched = 0;
        for (int i = 0; i < measured; i++) {
            ScreeningQuery q = queries.get(i % queries.size());
            long s = System.nanoTime();
            List<Match> m = screener.screen(corpus.index, q);
            nanos[i] = System.nanoTime() - s;
            if (!m.isEmpty()) {
                matched++;
            }
        }
        long wall = System.nanoTime() - t0;
        long cpu = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpu0;
        long peak = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == java.lang.management.MemoryType.HEAP)
                .mapToLong(p -> p.getPeakUsage().getUsed()).sum();
        Arrays.sort(nanos);
        System.out.printf("screenings: %d (warm-up %d), %.1f %% with a match >= 0.70%n", measured, warm, 100.0 * matched / measured);
        System.out.printf("latency ms: p50 %.3f  p90 %.3f  p99 %.3f  p99.9 %.3f  max %.3f  mean %.3f%n",
                pct(nanos, 0.50), pct(nanos, 0.90), pct(nanos, 0.99), pct(nanos, 0.999), nanos[measured - 1] / 1e6,
                Arrays.stream(nanos).average().orElse(0) / 1e6);
        System.out.printf("throughput: %.0f screenings/s wall-clock on one thread; %.0f screenings per CPU-second%n",
                measured / (wall / 1e9), measured / (cpu / 1e9));
        System.out.printf("peak heap (sum of pools' peaks, an upper bound): %.1f MB%n", peak / 1048576.0);
        System.out.println("load average after: " + loadAverage() + "  (cores: " + rt.availableProcessors() + ")");
        System.out.println("ignore: " + hits);
    }

    private static double pct(long[] sorted, double p) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1)] / 1e6;
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (Exception e) {
            return "n/a";
        }
    }
}
