package dev.quipu.gateway;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Stands in for every service behind the gateway in tests of the gateway's own pages and
 * protocols: answers each operation with a small JSON result and accepts the call hand-off.
 */
public final class DataBackend implements AutoCloseable {

    private final HttpServer server;
    private final List<String> received = new CopyOnWriteArrayList<>();

    public DataBackend() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", this::handle);
        server.start();
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** "METHOD path body" of every request, hand-offs included. */
    public List<String> received() {
        return received;
    }

    private void handle(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        received.add(exchange.getRequestMethod() + " " + exchange.getRequestURI() + " " + body);
        String answer = switch (path) {
            case "/internal/calls" -> "{}";
            // reputation-service's answer for an agent without a spending cap
            case "/internal/budget/reserve" -> "{\"reserved\":true,\"state\":\"unlimited\"}";
            case "/sanctions", "/sanctions/quick" -> "{\"risk_score\":0.0,\"risk_category\":\"LOW\",\"matches\":[],"
                    + "\"lists_checked\":[\"OFAC_SDN\"]}";
            case "/rates" -> "{\"country\":\"CO\",\"usd_cop\":3921.5,\"dtf_ea\":9.12,\"source_mode\":\"snapshot\"}";
            default -> "{\"ok\":true}";
        };
        byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(path.equals("/internal/calls") ? 202 : 200, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
