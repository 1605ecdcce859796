package dev.quipu.bench.payments;

import dev.quipu.payment.PaymentApplication;
import dev.quipu.payment.x402.PaymentRequirements;
import dev.quipu.payment.x402.PaymentSigner;
import dev.quipu.testkit.SuiteResources;
import io.micronaut.context.ApplicationContext;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.Micronaut;
import io.micronaut.runtime.server.EmbeddedServer;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * What the paywall adds to a call, paid versus trial, under concurrent load: each call is the
 * gateway's two round trips to payment-service ({@code /internal/payments/admit} then
 * {@code /complete}) against a real payment-service on the embedded PostgreSQL and Kafka. A paid
 * call adds decoding, EIP-712 verification, the atomic claim, settlement into the ledger and the
 * outbox event; a trial call adds the atomic trial count. Payments are signed before timing starts
 * (signing is the client's cost). Usage: PaidCallLoad [threads=8] [callsPerThread=200].
 */
public final class PaidCallLoad {

    private PaidCallLoad() {
    }

    public static void main(String[] args) throws Exception {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        int perThread = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        Map<String, Object> props = new HashMap<>(SuiteResources.forService("quipu_payment_bench"));
        props.put("micronaut.server.port", -1);
        props.putAll(SuiteResources.internalAuth("payment-service"));
        props.put("quipu.payments.trial-calls", 100_000_000);
        props.put("quipu.outbox.poll-interval", "200ms");
        try (ApplicationContext ctx = Micronaut.build(new String[0]).mainClass(PaymentApplication.class).properties(props).start()) {
            EmbeddedServer server = ctx.getBean(EmbeddedServer.class);
            String base = "http://127.0.0.1:" + server.getPort();
            JsonMapper json = ctx.getBean(JsonMapper.class);
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            PaymentRequirements req = requirements(http, base, json);
            PaymentSigner signer = new PaymentSigner("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
                    json, Clock.systemUTC());

            run("warm-up trial", threads, 50, i -> call(http, base, json, null, "true"));
            List<String> warm = sign(signer, req, json, threads * 50);
            run("warm-up paid", threads, 50, i -> call(http, base, json, warm.get(i), null));

            List<Long> trial = run("trial", threads, perThread, i -> call(http, base, json, null, "true"));
            List<String> headers = sign(signer, req, json, threads * perThread);
            List<Long> paid = run("paid", threads, perThread, i -> call(http, base, json, headers.get(i), null));
            System.out.printf("%nadded by payment (median paid - median trial): %.2f ms; p95 difference %.2f ms%n",
                    (pct(paid, 50) - pct(trial, 50)) / 1e6, (pct(paid, 95) - pct(trial, 95)) / 1e6);
        }
    }

    interface Call {
        long run(int index) throws Exception;
    }

    static List<Long> run(String label, int threads, int perThread, Call call) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Long> latencies = Collections.synchronizedList(new ArrayList<>());
        long started = System.nanoTime();
        List<Future<?>> futures = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int offset = t * perThread;
            futures.add(pool.submit(() -> {
                for (int i = 0; i < perThread; i++) {
                    latencies.add(call.run(offset + i));
                }
                return null;
            }));
        }
        for (Future<?> f : futures) {
            f.get();
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        pool.shutdown();
        List<Long> sorted = new ArrayList<>(latencies);
        Collections.sort(sorted);
        System.out.printf("%-14s %5d calls, %2d threads: %7.1f calls/s; admit+complete median %.2f ms, p95 %.2f ms, p99 %.2f ms%n",
                label, sorted.size(), threads, sorted.size() / seconds, pct(sorted, 50) / 1e6, pct(sorted, 95) / 1e6,
                pct(sorted, 99) / 1e6);
        return sorted;
    }

    static long pct(List<Long> sorted, int p) {
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1));
    }

    static long call(HttpClient http, String base, JsonMapper json, String paymentSignature, String trial) throws Exception {
        long start = System.nanoTime();
        Map<String, Object> admit = new HashMap<>();
        admit.put("operationId", "rates");
        admit.put("resourceUrl", "http://localhost:8080/rates");
        admit.put("clientIp", "10.0.0.1");
        admit.put("paymentSignature", paymentSignature);
        admit.put("xTrial", trial);
        admit.put("requestHash", "bench");
        Map<String, Object> decision = post(http, base + "/internal/payments/admit", json, admit);
        if (!"admit".equals(decision.get("decision"))) {
            throw new IllegalStateException("not admitted: " + decision);
        }
        Map<String, Object> event = new HashMap<>();
        event.put("event_id", UUID.randomUUID().toString());
        event.put("occurred_at", java.time.Instant.now().toString());
        event.put("operation_id", "rates");
        event.put("route", "POST /rates");
        event.put("agent_id", "bench");
        event.put("access", decision.get("access"));
        event.put("price_usdc", "0.02");
        event.put("charged_atomic", decision.get("chargedAtomic"));
        event.put("status", 200);
        event.put("latency_ms", 1);
        event.put("request_json", "{\"country\":\"CO\"}");
        event.put("response_json", "{\"country\":\"CO\"}");
        event.put("data_versions", Map.of());
        Map<String, Object> complete = new HashMap<>();
        complete.put("ticket", decision.get("ticket"));
        complete.put("reached", true);
        complete.put("status", 200);
        complete.put("contentType", "application/json");
        complete.put("event", event);
        Map<String, Object> done = post(http, base + "/internal/payments/complete", json, complete);
        if (!"deliver".equals(done.get("decision"))) {
            throw new IllegalStateException("not delivered: " + done);
        }
        return System.nanoTime() - start;
    }

    /** payment-service answers only the gateway: the bench presents the test suite's gateway token. */
    private static final String GATEWAY = dev.quipu.testkit.OperatorCredentials.signer("gateway").authorizationFor("payment-service");

    @SuppressWarnings("unchecked")
    static Map<String, Object> post(HttpClient http, String url, JsonMapper json, Map<String, Object> body) throws Exception {
        HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/json")
                .header("Authorization", GATEWAY)
                .POST(HttpRequest.BodyPublishers.ofByteArray(json.writeValueAsBytes(body))).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        return json.readValue(r.body(), Map.class);
    }

    @SuppressWarnings("unchecked")
    static PaymentRequirements requirements(HttpClient http, String base, JsonMapper json) throws Exception {
        Map<String, Object> admit = new HashMap<>();
        admit.put("operationId", "rates");
        admit.put("resourceUrl", "http://localhost:8080/rates");
        admit.put("clientIp", "10.0.0.1");
        admit.put("requestHash", "bench");
        Map<String, Object> challenge = post(http, base + "/internal/payments/admit", json, admit);
        String header = ((Map<String, String>) challenge.get("headers")).get("PAYMENT-REQUIRED");
        Map<String, Object> doc = json.readValue(Base64.getDecoder().decode(header), Map.class);
        Map<String, Object> a = ((List<Map<String, Object>>) doc.get("accepts")).get(0);
        return new PaymentRequirements((String) a.get("scheme"), (String) a.get("network"), (String) a.get("amount"),
                (String) a.get("asset"), (String) a.get("payTo"), ((Number) a.get("maxTimeoutSeconds")).intValue(),
                (Map<String, Object>) a.get("extra"));
    }

    static List<String> sign(PaymentSigner signer, PaymentRequirements req, JsonMapper json, int n) throws Exception {
        List<String> headers = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            headers.add(Base64.getEncoder().encodeToString(json.writeValueAsBytes(signer.payV2(req, null))));
        }
        return headers;
    }
}
