package dev.quipu.gateway.stream;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Stands in for payment-service's stream endpoints in the gateway's tests, answering as the real
 * ones do (their own tests run against PostgreSQL; the e2e test uses the real service): trial
 * events (3 per address), token consumption (200, 404, 409, 410) and token minting.
 */
final class FakePaymentService implements AutoCloseable {

    private static final Pattern FIELD = Pattern.compile("\"(\\w+)\"\\s*:\\s*\"([^\"]*)\"");

    private final HttpServer server;
    private final Map<String, AtomicInteger> trialEvents = new ConcurrentHashMap<>();
    private final Map<String, String> tokens = new ConcurrentHashMap<>();
    private final Set<String> consumed = ConcurrentHashMap.newKeySet();
    final List<String> requests = new CopyOnWriteArrayList<>();
    volatile boolean down;

    FakePaymentService() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    void issue(String token, String country) {
        tokens.put(token, country);
    }

    boolean wasConsumed(String token) {
        return consumed.contains(token);
    }

    private void handle(HttpExchange exchange) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        String path = exchange.getRequestURI().getPath();
        requests.add(exchange.getRequestMethod() + " " + exchange.getRequestURI());
        Map<String, String> fields = new ConcurrentHashMap<>();
        Matcher m = FIELD.matcher(body);
        while (m.find()) {
            fields.put(m.group(1), m.group(2));
        }
        if (down) {
            answer(exchange, 500, "{\"error\":\"down\"}");
        } else if (path.equals("/internal/stream-access/trial-events")) {
            int used = trialEvents.computeIfAbsent(fields.get("client_ip"), ip -> new AtomicInteger()).incrementAndGet();
            boolean granted = used <= 3;
            answer(exchange, 200, "{\"granted\":" + granted + ",\"used\":" + Math.min(used, 3)
                    + ",\"limit\":3,\"retry_after_seconds\":" + (granted ? 0 : 86399) + ",\"window_hours\":24}");
        } else if (path.equals("/internal/stream-tokens/consume")) {
            String token = fields.get("stream_token");
            String country = tokens.get(token);
            if (country == null) {
                answer(exchange, 404, "{\"error\":\"stream_token_unknown\",\"message\":\"No such stream token.\"}");
            } else if (!country.equals(fields.get("country"))) {
                answer(exchange, 409, "{\"error\":\"stream_token_country_mismatch\",\"message\":\"This stream token was"
                        + " issued for " + country + ", not " + fields.get("country") + ".\"}");
            } else if (!consumed.add(token)) {
                answer(exchange, 410, "{\"error\":\"stream_token_used\",\"message\":\"This stream token was already used;"
                        + " buy a new one.\"}");
            } else {
                answer(exchange, 200, "{\"country\":\"" + country + "\",\"expires_at\":\"2026-11-22T13:00:00Z\"}");
            }
        } else if (path.equals("/rates/stream/token")) {
            String country = exchange.getRequestURI().getQuery().replace("country=", "");
            String token = "st_minted_" + tokens.size() + "_abcdefghijklmnop";
            issue(token, country);
            answer(exchange, 200, "{\"stream_token\":\"" + token + "\",\"country\":\"" + country
                    + "\",\"expires_at\":\"2026-11-22T13:00:00Z\"}");
        } else {
            answer(exchange, path.equals("/internal/calls") ? 202 : 404, "{}");
        }
    }

    private static void answer(HttpExchange exchange, int status, String json) throws IOException {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
