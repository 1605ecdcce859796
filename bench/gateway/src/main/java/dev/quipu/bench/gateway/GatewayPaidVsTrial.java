package dev.quipu.bench.gateway;

import dev.quipu.payment.x402.PaymentRequirements;
import dev.quipu.payment.x402.PaymentSigner;
import io.micronaut.json.JsonMapper;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The latency a payment adds to a call through a running gateway: the same paid route, at the same
 * concurrency, once on trial ({@code X-TRIAL: true}) and once paid with a valid x402 v2
 * {@code PAYMENT-SIGNATURE} (a fresh EIP-3009 authorization per call, signed with the public
 * development key before the phase is timed). The suite runs in other processes ({@code ./quipu up -d});
 * this JVM only sends requests.
 *
 * <p>Each round runs one trial phase and one paid phase, alternating which goes first, so that drift
 * (JIT, caches, other load on the machine) affects both alike; warm-up rounds are not counted. In a
 * phase {@code threads} workers each send {@code calls} requests back to back (closed loop). Every
 * call carries {@code X-Agent-Id: bench-gw-<worker>} (the same audit chains and budgets in both modes)
 * and a distinct {@code X-Forwarded-For} address: the trial allowance is per client address, so the
 * gateway must trust the loopback as a proxy ({@code QUIPU_GATEWAY_PAYWALL_TRUSTED_PROXIES=127.0.0.1}).
 * Paid calls carry the same kind of address, so the two modes differ only in the payment.
 *
 * <p>Usage: {@code GatewayPaidVsTrial [gatewayUrl=http://127.0.0.1:8080] [threads=8] [rounds=10]
 * [callsPerThreadPerRound=25] [warmupRounds=3]}; route and body with {@code -Dbench.path=/rates}
 * {@code -Dbench.body={"country":"CO"}}; {@code -Dbench.modes=paid} (or {@code trial}) runs one mode only.
 */
public final class GatewayPaidVsTrial {

    /** Public Hardhat/Anvil account #0: a development key, never funded (as {@code ./quipu pay}). */
    static final String DEV_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";

    private final URI target;
    private final String body;
    private final int threads;
    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    private final JsonMapper json = JsonMapper.createDefault();
    /** distinct forwarded client addresses: 10.x.y.z from a random start, so re-runs rarely reuse one */
    private final AtomicInteger nextAddress = new AtomicInteger(ThreadLocalRandom.current().nextInt(1 << 23));

    GatewayPaidVsTrial(URI target, String body, int threads) {
        this.target = target;
        this.body = body;
        this.threads = threads;
    }

    enum Mode { TRIAL, PAID }

    /** One phase: latencies of the successful calls (ns), its wall time, and what went wrong. */
    record Phase(Mode mode, List<Long> latencies, long wallNanos, Map<String, Integer> failures, int pendingLinks) {
    }

    public static void main(String[] args) throws Exception {
        String gateway = args.length > 0 ? args[0].replaceAll("/$", "") : "http://127.0.0.1:8080";
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : 8;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 10;
        int calls = args.length > 3 ? Integer.parseInt(args[3]) : 25;
        int warmup = args.length > 4 ? Integer.parseInt(args[4]) : 3;
        String path = System.getProperty("bench.path", "/rates");
        String body = System.getProperty("bench.body", "{\"country\":\"CO\"}");
        // -Dbench.modes=paid (or trial): one mode only, e.g. to read the services' metrics per mode
        List<String> modes = List.of(System.getProperty("bench.modes", "trial,paid").split(","));
        GatewayPaidVsTrial bench = new GatewayPaidVsTrial(URI.create(gateway + path), body, threads);
        System.out.printf("POST %s %s, %d workers, %d rounds x %d calls per worker per mode (+%d warm-up rounds)%s%n",
                bench.target, body, threads, rounds, calls, warmup,
                bench.rate > 0 ? String.format(Locale.ROOT, ", open loop at %.0f calls/s", bench.rate) : ", closed loop");
        System.out.println("load average at start: " + loadAverage());

        PaymentRequirements accepted = bench.requirements();
        PaymentSigner signer = new PaymentSigner(System.getenv().getOrDefault("QUIPU_PAY_KEY", DEV_KEY), bench.json,
                Clock.systemUTC());
        System.out.printf("paying %s atomic USDC on %s to %s from %s%n", accepted.amount(), accepted.network(),
                accepted.payTo(), signer.address());

        List<Phase> trial = new ArrayList<>();
        List<Phase> paid = new ArrayList<>();
        for (int r = 0; r < warmup + rounds; r++) {
            boolean counted = r >= warmup;
            Mode first = r % 2 == 0 ? Mode.TRIAL : Mode.PAID;
            for (Mode mode : first == Mode.TRIAL ? List.of(Mode.TRIAL, Mode.PAID) : List.of(Mode.PAID, Mode.TRIAL)) {
                if (!modes.contains(mode.name().toLowerCase(Locale.ROOT))) {
                    continue;
                }
                // signed just before the phase: an authorization is valid for maxTimeoutSeconds (60 s)
                List<String> headers = mode == Mode.PAID ? bench.sign(signer, accepted, threads * calls) : null;
                Phase phase = bench.phase(mode, calls, headers);
                if (counted) {
                    (mode == Mode.TRIAL ? trial : paid).add(phase);
                }
                System.out.printf("%s %2d %-5s %s%n", counted ? "round " : "warm-up", counted ? r - warmup + 1 : r + 1,
                        mode.name().toLowerCase(Locale.ROOT), summary(List.of(phase)));
                if (!phase.failures().isEmpty()) {
                    System.out.println("        failures: " + phase.failures());
                }
            }
        }

        System.out.println();
        if (trial.isEmpty() || paid.isEmpty()) {
            System.out.printf("%s%n", summary(trial.isEmpty() ? paid : trial));
            System.out.println("load average at end: " + loadAverage());
            return;
        }
        System.out.printf("trial %s%n", summary(trial));
        System.out.printf("paid  %s%n", summary(paid));
        List<Long> t = pooled(trial);
        List<Long> p = pooled(paid);
        List<Double> perRound = new ArrayList<>();
        for (int i = 0; i < rounds; i++) {
            perRound.add((pct(sorted(paid.get(i).latencies()), 50) - pct(sorted(trial.get(i).latencies()), 50)) / 1e6);
        }
        Collections.sort(perRound);
        System.out.printf(Locale.ROOT, "added by payment: median %.2f ms (pooled medians), p95 %+.2f ms, p99 %+.2f ms;"
                        + " per round (median paid - median trial): median %.2f ms, min %.2f ms, max %.2f ms%n",
                (pct(p, 50) - pct(t, 50)) / 1e6, (pct(p, 95) - pct(t, 95)) / 1e6, (pct(p, 99) - pct(t, 99)) / 1e6,
                perRound.get(perRound.size() / 2), perRound.get(0), perRound.get(perRound.size() - 1));
        System.out.println("load average at end: " + loadAverage());
    }

    /** The route's 402 without payment, and from it the EVM requirement to pay. */
    @SuppressWarnings("unchecked")
    PaymentRequirements requirements() throws Exception {
        HttpResponse<String> r = http.send(request(Map.of()), HttpResponse.BodyHandlers.ofString());
        String header = r.headers().firstValue("PAYMENT-REQUIRED")
                .orElseThrow(() -> new IllegalStateException("expected 402 with PAYMENT-REQUIRED, got " + r.statusCode() + ": " + r.body()));
        Map<String, Object> doc = json.readValue(Base64.getDecoder().decode(header), Map.class);
        Map<String, Object> evm = ((List<Map<String, Object>>) doc.get("accepts")).stream()
                .filter(a -> String.valueOf(a.get("network")).startsWith("eip155:")).findFirst()
                .orElseThrow(() -> new IllegalStateException("no EVM requirement offered: " + doc));
        return new PaymentRequirements((String) evm.get("scheme"), (String) evm.get("network"), (String) evm.get("amount"),
                (String) evm.get("asset"), (String) evm.get("payTo"), ((Number) evm.get("maxTimeoutSeconds")).intValue(),
                (Map<String, Object>) evm.get("extra"));
    }

    /** {@code n} PAYMENT-SIGNATURE headers, each a fresh authorization (random nonce). */
    List<String> sign(PaymentSigner signer, PaymentRequirements accepted, int n) throws Exception {
        List<String> headers = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            headers.add(Base64.getEncoder().encodeToString(json.writeValueAsBytes(signer.payV2(accepted, null))));
        }
        return headers;
    }

    /**
     * Open loop: {@code -Dbench.rate=R} sends the phase's calls at R per second whatever the answers'
     * latency (up to 64 in flight), timing each call from when it was due, so that a slow answer is not
     * hidden by the calls it delayed. A load below saturation, where a closed loop of N workers always
     * saturates two cores and multiplies any extra CPU per call by N.
     */
    private final double rate = Double.parseDouble(System.getProperty("bench.rate", "0"));

    Phase phase(Mode mode, int calls, List<String> paymentHeaders) throws Exception {
        return rate > 0 ? openLoopPhase(mode, threads * calls, paymentHeaders) : closedLoopPhase(mode, calls, paymentHeaders);
    }

    Phase openLoopPhase(Mode mode, int total, List<String> paymentHeaders) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(64);
        List<Long> latencies = Collections.synchronizedList(new ArrayList<>(total));
        Map<String, Integer> failures = new ConcurrentHashMap<>();
        AtomicLong pending = new AtomicLong();
        List<Future<?>> futures = new ArrayList<>();
        long start = System.nanoTime();
        long interval = (long) (1e9 / rate);
        for (int i = 0; i < total; i++) {
            long due = start + i * interval;
            long wait = due - System.nanoTime();
            if (wait > 0) {
                java.util.concurrent.locks.LockSupport.parkNanos(wait);
            }
            int n = i;
            futures.add(pool.submit(() -> {
                Map<String, String> headers = new java.util.HashMap<>();
                headers.put("X-Agent-Id", "bench-gw-" + (n % threads));
                headers.put("X-Forwarded-For", address(nextAddress.getAndIncrement()));
                if (mode == Mode.TRIAL) {
                    headers.put("X-TRIAL", "true");
                } else {
                    headers.put("PAYMENT-SIGNATURE", paymentHeaders.get(n));
                }
                HttpResponse<byte[]> r = http.send(request(headers), HttpResponse.BodyHandlers.ofByteArray());
                long elapsed = System.nanoTime() - due;
                String problem = problem(mode, r);
                if (problem != null) {
                    failures.merge(problem, 1, Integer::sum);
                    return null;
                }
                latencies.add(elapsed);
                if (new String(r.body(), StandardCharsets.UTF_8).contains("\"status\":\"pending\"")) {
                    pending.incrementAndGet();
                }
                return null;
            }));
        }
        for (Future<?> f : futures) {
            f.get();
        }
        long wall = System.nanoTime() - start;
        pool.shutdown();
        return new Phase(mode, sorted(latencies), wall, Map.copyOf(failures), (int) pending.get());
    }

    Phase closedLoopPhase(Mode mode, int calls, List<String> paymentHeaders) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Long> latencies = Collections.synchronizedList(new ArrayList<>(threads * calls));
        Map<String, Integer> failures = new ConcurrentHashMap<>();
        AtomicLong pending = new AtomicLong();
        List<Future<?>> futures = new ArrayList<>();
        long start = System.nanoTime();
        for (int w = 0; w < threads; w++) {
            int worker = w;
            futures.add(pool.submit(() -> {
                for (int i = 0; i < calls; i++) {
                    Map<String, String> headers = new java.util.HashMap<>();
                    headers.put("X-Agent-Id", "bench-gw-" + worker);
                    headers.put("X-Forwarded-For", address(nextAddress.getAndIncrement()));
                    if (mode == Mode.TRIAL) {
                        headers.put("X-TRIAL", "true");
                    } else {
                        headers.put("PAYMENT-SIGNATURE", paymentHeaders.get(worker * calls + i));
                    }
                    HttpRequest request = request(headers);
                    long t0 = System.nanoTime();
                    HttpResponse<byte[]> r = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
                    long elapsed = System.nanoTime() - t0;
                    String problem = problem(mode, r);
                    if (problem != null) {
                        failures.merge(problem, 1, Integer::sum);
                        continue;
                    }
                    latencies.add(elapsed);
                    if (new String(r.body(), StandardCharsets.UTF_8).contains("\"status\":\"pending\"")) {
                        pending.incrementAndGet();
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : futures) {
            f.get();
        }
        long wall = System.nanoTime() - start;
        pool.shutdown();
        return new Phase(mode, sorted(latencies), wall, Map.copyOf(failures), (int) pending.get());
    }

    /** Null when the answer is what the mode should get: 200, with PAYMENT-RESPONSE exactly when paid. */
    private static String problem(Mode mode, HttpResponse<byte[]> r) {
        if (r.statusCode() != 200) {
            String text = new String(r.body(), StandardCharsets.UTF_8);
            return "HTTP " + r.statusCode() + " " + text.substring(0, Math.min(120, text.length()));
        }
        boolean receipt = r.headers().firstValue("PAYMENT-RESPONSE").isPresent();
        if (mode == Mode.PAID && !receipt) {
            return "paid 200 without PAYMENT-RESPONSE";
        }
        if (mode == Mode.TRIAL && receipt) {
            return "trial 200 with PAYMENT-RESPONSE";
        }
        return null;
    }

    private HttpRequest request(Map<String, String> headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(target).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json").header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        headers.forEach(b::header);
        return b.build();
    }

    static String address(int n) {
        int v = n & 0xffffff;
        return "10." + (v >>> 16) + "." + ((v >>> 8) & 0xff) + "." + (v & 0xff);
    }

    static String summary(List<Phase> phases) {
        List<Long> all = pooled(phases);
        long wall = phases.stream().mapToLong(Phase::wallNanos).sum();
        int failed = phases.stream().mapToInt(p -> p.failures().values().stream().mapToInt(Integer::intValue).sum()).sum();
        int pending = phases.stream().mapToInt(Phase::pendingLinks).sum();
        if (all.isEmpty()) {
            return "no successful call, " + failed + " failed";
        }
        return String.format(Locale.ROOT, "%5d calls %6.1f calls/s  median %6.2f ms  p95 %6.2f ms  p99 %6.2f ms"
                        + "  (%d failed, %d answered with aat pending)",
                all.size(), all.size() / (wall / 1e9), pct(all, 50) / 1e6, pct(all, 95) / 1e6, pct(all, 99) / 1e6,
                failed, pending);
    }

    static List<Long> pooled(List<Phase> phases) {
        List<Long> all = new ArrayList<>();
        phases.forEach(p -> all.addAll(p.latencies()));
        return sorted(all);
    }

    static List<Long> sorted(List<Long> values) {
        List<Long> copy = new ArrayList<>(values);
        Collections.sort(copy);
        return copy;
    }

    /** Nearest-rank percentile of a sorted list. */
    static long pct(List<Long> sorted, int p) {
        return sorted.get(Math.min(sorted.size() - 1, Math.max(0, (int) Math.ceil(p / 100.0 * sorted.size()) - 1)));
    }

    static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2] + " (1, 5, 15 min)";
        } catch (Exception e) {
            return "unknown";
        }
    }
}
