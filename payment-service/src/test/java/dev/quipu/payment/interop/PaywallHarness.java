package dev.quipu.payment.interop;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.contracts.pricebook.Operation;
import dev.quipu.contracts.pricebook.PriceBook;
import dev.quipu.payment.admission.AdmitRequest;
import dev.quipu.payment.admission.CompleteRequest;
import dev.quipu.payment.admission.Decision;
import dev.quipu.payment.admission.PaymentAdmission;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executors;

/**
 * A stand-in for the gateway in payment-service's tests: an HTTP front that does what the gateway's
 * X402Paywall does with each paid call (admit, run a backend, complete) against the real x402 server
 * and database, so that third-party clients can be pointed at a URL. The backend answers
 * {@code {"ok":true,"operation":...}}; everything payment-related comes from PaymentAdmission.
 */
final class PaywallHarness implements AutoCloseable {

    private final HttpServer server;
    private final PaymentAdmission admission;
    private final PriceBook priceBook;

    PaywallHarness(PaymentAdmission admission, PriceBook priceBook) throws IOException {
        this.admission = admission;
        this.priceBook = priceBook;
        this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.createContext("/", this::handle);
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private void handle(HttpExchange ex) throws IOException {
        byte[] body = ex.getRequestBody().readAllBytes();
        Optional<Operation> op = priceBook.find(ex.getRequestMethod(), ex.getRequestURI().getPath());
        if (op.isEmpty()) {
            send(ex, 404, Map.of(), "{\"error\":\"not_found\"}".getBytes(StandardCharsets.UTF_8), "application/json");
            return;
        }
        Decision admitted = admission.admit(new AdmitRequest(op.get().id(), url() + op.get().path(),
                ex.getRemoteAddress().getAddress().getHostAddress(), ex.getRequestHeaders().getFirst("PAYMENT-SIGNATURE"),
                ex.getRequestHeaders().getFirst("X-PAYMENT"), ex.getRequestHeaders().getFirst("X-TRIAL"), null,
                UUID.nameUUIDFromBytes(body).toString()));
        if (!"admit".equals(admitted.decision())) {
            reply(ex, admitted);
            return;
        }
        byte[] answer = ("{\"ok\":true,\"operation\":\"" + op.get().id() + "\"}").getBytes(StandardCharsets.UTF_8);
        CallCompleted event = new CallCompleted(UUID.randomUUID().toString(), java.time.Instant.now().toString(),
                op.get().id(), op.get().method() + " " + op.get().path(), "interop", admitted.payer(), admitted.access(),
                op.get().priceUsdc().toPlainString(), admitted.chargedAtomic(), admitted.paymentRef(), 200, 1,
                new String(body, StandardCharsets.UTF_8), new String(answer, StandardCharsets.UTF_8), Map.of());
        Decision done = admission.complete(new CompleteRequest(admitted.ticket(), true, 200, "application/json",
                Base64.getEncoder().encodeToString(answer), event));
        if ("deliver".equals(done.decision())) {
            send(ex, 200, done.headers(), answer, "application/json");
        } else {
            reply(ex, done);
        }
    }

    private static void reply(HttpExchange ex, Decision d) throws IOException {
        send(ex, d.status(), d.headers(), d.bodyBase64() == null ? new byte[0] : Base64.getDecoder().decode(d.bodyBase64()),
                d.contentType());
    }

    private static void send(HttpExchange ex, int status, Map<String, String> headers, byte[] body, String type)
            throws IOException {
        headers.forEach((k, v) -> ex.getResponseHeaders().add(k, v));
        ex.getResponseHeaders().add("Access-Control-Expose-Headers", "PAYMENT-REQUIRED, PAYMENT-RESPONSE, X-PAYMENT-RESPONSE");
        if (type != null) {
            ex.getResponseHeaders().add("Content-Type", type);
        }
        ex.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            ex.getResponseBody().write(body);
        }
        ex.close();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
