package dev.quipu.bench.payments;

import dev.quipu.payment.x402.Refusal;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * Verifications per second of CPU time on one thread: the "per core" figure, independent of how
 * many other processes share the machine (JMH's wall-clock throughput is not, on a busy host).
 * Usage: VerificationCpuThroughput [seconds-of-cpu, default 10].
 */
public final class VerificationCpuThroughput {

    private VerificationCpuThroughput() {
    }

    public static void main(String[] args) throws Refusal {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 10;
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        for (String engine : new String[]{"libsecp256k1", "bouncycastle"}) {
            VerificationBenchmark bench = new VerificationBenchmark();
            bench.engine = engine;
            bench.setUp();
            System.out.println("engine " + engine);
            measure(bench, cpu, seconds);
        }
    }

    private static void measure(VerificationBenchmark bench, ThreadMXBean cpu, double seconds) throws Refusal {
        // warm-up: let the JIT compile the hot paths
        long warmEnd = cpu.getCurrentThreadCpuTime() + 3_000_000_000L;
        while (cpu.getCurrentThreadCpuTime() < warmEnd) {
            bench.decodeAndVerify();
        }
        for (String name : new String[]{"decodeAndVerify", "verify", "digestOnly"}) {
            long start = cpu.getCurrentThreadCpuTime();
            long wallStart = System.nanoTime();
            long end = start + (long) (seconds * 1e9);
            long ops = 0;
            while (cpu.getCurrentThreadCpuTime() < end) {
                for (int i = 0; i < 50; i++) {
                    switch (name) {
                        case "decodeAndVerify" -> bench.decodeAndVerify();
                        case "verify" -> bench.verify();
                        default -> bench.digestOnly();
                    }
                }
                ops += 50;
            }
            double cpuSeconds = (cpu.getCurrentThreadCpuTime() - start) / 1e9;
            double wallSeconds = (System.nanoTime() - wallStart) / 1e9;
            System.out.printf("%-16s %10.0f ops per CPU-second (%d ops, %.1f s CPU, %.1f s wall)%n",
                    name, ops / cpuSeconds, ops, cpuSeconds, wallSeconds);
        }
    }
}
