package dev.quipu.bench.rates;

import dev.quipu.testkit.SuiteResources;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

/**
 * Closed-loop load on POST /rates from the cache: starts rates-service in this JVM (snapshot mode,
 * the in-process broker and database of the testkit), warms the cache, then {@code threads}
 * clients each send requests back to back over keep-alive connections for {@code seconds},
 * cycling through the six countries. Prints throughput and latency percentiles.
 *
 * <p>Usage: {@code RatesLoad [threads=16] [seconds=20] [url]} — with a url, no service is started
 * and the load goes to that service instead.
 */
public final class RatesLoad {

    private static final String[] COUNTRIES = {"CO", "MX", "BR", "CL", "PE", "AR"};

    public static void main(String[] args) throws Exception {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 16;
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        ApplicationContext service = null;
        String base;
        if (args.length > 2) {
            base = args[2];
        } else {
            Map<String, Object> props = new HashMap<>(SuiteResources.forService("quipu_rates"));
            props.put("micronaut.server.port", "-1");
            props.putAll(SuiteResources.internalAuth("rates-service"));
            props.put("quipu.rates.mode", "snapshot");
            service = ApplicationContext.run(props);
            EmbeddedServer server = service.getBean(EmbeddedServer.class);
            server.start();
            base = "http://127.0.0.1:" + server.getPort();
        }
        System.out.printf("target %s/rates, %d client threads, %d s, %d cores%n", base, threads, seconds,
                Runtime.getRuntime().availableProcessors());
        run(base, threads, 5, false); // warm-up: JIT and a full cache
        Result r = run(base, threads, seconds, true);
        System.out.printf("requests %d, errors %d, throughput %.0f req/s, latency p50 %.2f ms, p99 %.2f ms, max %.2f ms%n",
                r.count, r.errors, r.count / (double) seconds, r.pct(50), r.pct(99), r.pct(100));
        if (service != null) {
            service.close();
        }
        System.exit(0);
    }

    record Result(long count, long errors, long[] latenciesNanos) {
        double pct(double p) {
            if (latenciesNanos.length == 0) {
                return 0;
            }
            int i = (int) Math.min(latenciesNanos.length - 1, Math.ceil(p / 100.0 * latenciesNanos.length) - 1);
            return latenciesNanos[Math.max(i, 0)] / 1e6;
        }
    }

    /**
     * rates-service answers only the suite's callers: the test suite's operator for the in-process
     * service, or a running suite's operator header given as QUIPU_BENCH_AUTHORIZATION
     * ({@code ./quipu internal-header rates}, without its "Authorization: ").
     */
    static final String authorization = System.getenv().getOrDefault("QUIPU_BENCH_AUTHORIZATION",
            "Bearer " + dev.quipu.testkit.OperatorCredentials.signer("operator")
                    .mint(java.util.List.of("rates-service"), Duration.ofHours(1)));

    static Result run(String base, int threads, int seconds, boolean record) throws InterruptedException {
        AtomicBoolean stop = new AtomicBoolean();
        LongAdder count = new LongAdder();
        LongAdder errors = new LongAdder();
        List<long[]> samples = new ArrayList<>();
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            long[] lat = new long[400_000];
            int[] n = {0};
            samples.add(lat);
            final int id = t;
            Thread w = new Thread(() -> {
                HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                        .connectTimeout(Duration.ofSeconds(5)).build();
                int i = id;
                while (!stop.get()) {
                    String country = COUNTRIES[i++ % COUNTRIES.length];
                    HttpRequest req = HttpRequest.newBuilder(URI.create(base + "/rates"))
                            .header("Content-Type", "application/json")
                            .header("Authorization", authorization)
                            .POST(HttpRequest.BodyPublishers.ofString("{\"country\":\"" + country + "\"}")).build();
                    long t0 = System.nanoTime();
                    try {
                        HttpResponse<byte[]> r = client.send(req, HttpResponse.BodyHandlers.ofByteArray());
                        if (r.statusCode() != 200) {
                            errors.increment();
                        }
                    } catch (Exception e) {
                        errors.increment();
                    }
                    long dt = System.nanoTime() - t0;
                    count.increment();
                    if (record && n[0] < lat.length) {
                        lat[n[0]++] = dt;
                    }
                }
                lat[lat.length - 1] = n[0]; // how many samples this worker kept
            }, "load-" + t);
            workers.add(w);
            w.start();
        }
        Thread.sleep(seconds * 1000L);
        stop.set(true);
        for (Thread w : workers) {
            w.join();
        }
        long total = 0;
        for (long[] s : samples) {
            total += s[s.length - 1];
        }
        long[] all = new long[(int) total];
        int k = 0;
        for (long[] s : samples) {
            int n = (int) s[s.length - 1];
            System.arraycopy(s, 0, all, k, n);
            k += n;
        }
        Arrays.sort(all);
        return new Result(count.sum(), errors.sum(), all);
    }
}
