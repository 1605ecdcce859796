package dev.quipu.bench.registry;

import dev.quipu.registry.br.EstabelecimentosDataset;
import dev.quipu.registry.load.BulkLoader;
import dev.quipu.registry.load.Downloads;
import dev.quipu.registry.lookup.BundledLoadState;
import dev.quipu.registry.taxid.Cnpj;
import dev.quipu.testkit.OperatorCredentials;
import dev.quipu.testkit.SuiteResources;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

/**
 * registry-service's bulk load and lookups over a store of at least a million rows (bench/registry/README.md):
 * <ol>
 * <li>writes a file in RFB's Estabelecimentos format from the 2,000 real rows of the bundled December 2025
 *     sample, repeated {@code rounds} times as documented variants: in round r, row i gets the CNPJ base
 *     {@code r·2000+i} (8 digits) with its check digits recomputed; every other field is the real row's;</li>
 * <li>loads it through the service's own {@link BulkLoader} (streaming, COPY) and prints rows per second;</li>
 * <li>{@code threads} clients then POST {@code /entity} for random CNPJs of the file, back to back over
 *     keep-alive connections, for {@code seconds}; prints requests per second and latency percentiles.</li>
 * </ol>
 * The service runs in this JVM on the testkit's in-process PostgreSQL and Kafka, bundled samples loaded,
 * live sources off (every answer comes from the store).
 *
 * <p>Usage: {@code RegistryBench [threads=16] [seconds=20] [rounds=500]}; {@code threads} 0 holds the loaded service
 * {@code seconds} long for wrk ({@code entity.lua}) instead of the built-in client.
 */
public final class RegistryBench {

    private static final int SAMPLE_ROWS = 2_000;

    public static void main(String[] args) throws Exception {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 16;
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 500;
        Map<String, Object> props = new HashMap<>(SuiteResources.forService("quipu_registry_bench"));
        props.put("micronaut.server.port", "-1");
        props.putAll(SuiteResources.internalAuth("registry-service"));
        props.put("quipu.registry.br.mirror-url", "");
        props.put("quipu.registry.co.rues-url", "");
        props.put("quipu.registry.loads.refresh-enabled", "false");
        try (ApplicationContext service = ApplicationContext.run(props)) {
            EmbeddedServer server = service.getBean(EmbeddedServer.class);
            server.start();
            BundledLoadState bundled = service.getBean(BundledLoadState.class);
            while (!bundled.done()) {
                Thread.sleep(100);
            }
            Path file = Files.createTempDirectory("registry-bench").resolve("K3241.K03200Y0.D51213.ESTABELE");
            List<String> cnpjs = writeVariants(file, rounds);
            System.out.printf("file %s: %,d rows, %,d bytes; %d cores%n", file, cnpjs.size(), Files.size(file),
                    Runtime.getRuntime().availableProcessors());

            BulkLoader loader = service.getBean(BulkLoader.class);
            long t0 = System.nanoTime();
            BulkLoader.Outcome outcome = loader.load(service.getBean(EstabelecimentosDataset.class),
                    service.getBean(Downloads.class).file(file).withDeclared(
                            service.getBean(EstabelecimentosDataset.class).cutOffOf(file.getFileName().toString())), line -> System.out.println("  " + line));
            double loadSeconds = (System.nanoTime() - t0) / 1e9;
            System.out.printf("load: %,d rows in %.1f s = %,.0f rows/s (SHA-256 pass included)%n",
                    outcome.load().rowsLoaded(), loadSeconds, outcome.load().rowsLoaded() / loadSeconds);

            String base = "http://127.0.0.1:" + server.getPort();
            if (threads == 0) {
                // wrk mode (bench/registry/README.md): hold the service for an outside load generator
                Path list = file.resolveSibling("cnpjs.txt");
                Files.write(list, cnpjs);
                Files.writeString(file.resolveSibling("authorization.txt"), AUTHORIZATION);
                System.out.printf("serving %s for %d s; CNPJs in %s, header in %s%n", base, seconds, list,
                        file.resolveSibling("authorization.txt"));
                Thread.sleep(seconds * 1000L);
                return;
            }
            run(base, cnpjs, threads, 5, false);
            Result r = run(base, cnpjs, threads, seconds, true);
            System.out.printf("lookups: %d requests, %d errors, %.0f req/s, p50 %.2f ms, p99 %.2f ms, max %.2f ms%n",
                    r.count, r.errors, r.count / (double) seconds, r.pct(50), r.pct(99), r.pct(100));
        }
        System.exit(0);
    }

    /** The real sample's rows, round after round, each with a new CNPJ base and its check digits; returns the CNPJs. */
    static List<String> writeVariants(Path file, int rounds) throws IOException {
        List<String[]> rows = new ArrayList<>();
        try (InputStream in = RegistryBench.class.getClassLoader().getResourceAsStream("registry/br/rfb-cnpj-2025-12/ESTABELE.csv")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.ISO_8859_1).split("\n")) {
                if (!line.isBlank()) {
                    rows.add(line.split(";", -1));
                }
            }
        }
        List<String> cnpjs = new ArrayList<>(rows.size() * rounds);
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.ISO_8859_1)) {
            for (int r = 0; r < rounds; r++) {
                for (int i = 0; i < rows.size(); i++) {
                    String[] cells = rows.get(i).clone();
                    String basico = String.format("%08d", r * SAMPLE_ROWS + i);
                    String ordem = cells[1].replace("\"", "");
                    String dv = Cnpj.checkDigits(basico + ordem);
                    cells[0] = '"' + basico + '"';
                    cells[2] = '"' + dv + '"';
                    out.write(String.join(";", cells));
                    out.write('\n');
                    cnpjs.add(basico + ordem + dv);
                }
            }
        }
        return cnpjs;
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

    static final String AUTHORIZATION = "Bearer " + OperatorCredentials.signer("operator")
            .mint(List.of("registry-service"), Duration.ofHours(1));

    static Result run(String base, List<String> cnpjs, int threads, int seconds, boolean record) throws InterruptedException {
        AtomicBoolean stop = new AtomicBoolean();
        LongAdder count = new LongAdder();
        LongAdder errors = new LongAdder();
        List<long[]> samples = new ArrayList<>();
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            long[] lat = new long[400_000];
            int[] n = {0};
            samples.add(lat);
            Thread w = new Thread(() -> {
                HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                        .connectTimeout(Duration.ofSeconds(5)).build();
                while (!stop.get()) {
                    String cnpj = cnpjs.get(ThreadLocalRandom.current().nextInt(cnpjs.size()));
                    HttpRequest req = HttpRequest.newBuilder(URI.create(base + "/entity"))
                            .header("Content-Type", "application/json").header("Authorization", AUTHORIZATION)
                            .POST(HttpRequest.BodyPublishers.ofString("{\"identifier\":\"" + cnpj + "\",\"country\":\"BR\"}")).build();
                    long t0 = System.nanoTime();
                    try {
                        HttpResponse<byte[]> r = client.send(req, HttpResponse.BodyHandlers.ofByteArray());
                        if (r.statusCode() != 200) {
                            if (errors.sum() == 0) {
                                System.out.println("first error: " + r.statusCode() + " " + new String(r.body(), StandardCharsets.UTF_8));
                            }
                            errors.increment();
                        }
                    } catch (Exception e) {
                        errors.increment();
                    }
                    long dt = System.nanoTime() - t0;
                    count.increment();
                    if (record && n[0] < lat.length - 1) {
                        lat[n[0]++] = dt;
                    }
                }
                lat[lat.length - 1] = n[0];
            }, "lookup-" + t);
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
