package dev.quipu.gateway.routing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Stands in for the services behind the gateway in routing tests (the e2e tests use the real
 * ones): records every request and answers 200 with a small JSON body, or what a test sets.
 */
public final class FakeBackend implements AutoCloseable {

    public record Received(String method, String pathAndQuery, String body, String contentType, String agentHeader,
                           String authorization) {
    }

    private final HttpServer server;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private volatile int status = 200;
    private volatile String answer = "{\"ok\":true}";

    public FakeBackend() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    public List<Received> received() {
        return received;
    }

    public void answerWith(int status, String json) {
        this.status = status;
        this.answer = json;
    }

    void reset() {
        received.clear();
        answerWith(200, "{\"ok\":true}");
    }

    private void handle(HttpExchange exchange) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        received.add(new Received(exchange.getRequestMethod(), exchange.getRequestURI().toString(), body,
                exchange.getRequestHeaders().getFirst("Content-Type"), exchange.getRequestHeaders().getFirst("X-Agent-Id"),
                exchange.getRequestHeaders().getFirst("Authorization")));
        boolean handOff = exchange.getRequestURI().getPath().equals("/internal/calls");
        byte[] bytes = (handOff ? "{}" : answer).getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        if (!handOff) {
            exchange.getResponseHeaders().add("X-Data-Versions", "OFAC_SDN=2024-05-03;usd_cop=2014-02-03");
        }
        exchange.sendResponseHeaders(handOff ? 202 : status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
