package dev.quipu.gateway.budget;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.gateway.BackendUrls;
import dev.quipu.gateway.admission.Admission;
import dev.quipu.gateway.admission.CallAdmission;
import dev.quipu.gateway.admission.PaidCall;
import dev.quipu.gateway.routing.Backends;
import io.micronaut.context.annotation.Primary;
import io.micronaut.context.annotation.Requires;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A local stand-in for the gateway's backends in the budget directory tests: the paid operation
 * (sanctions quick check) always answers, reputation-service's {@code /internal/budget/*} records
 * what it was asked (or is down), and its {@code POST /budget} accepts every cap without publishing
 * anything on the topic.
 */
final class FakeReputation implements AutoCloseable {

    /** the agent of every {@code /internal/budget/reserve} request, in order. */
    final List<String> reserved = new CopyOnWriteArrayList<>();
    volatile boolean down;

    private final HttpServer server;
    private final JsonMapper json = JsonMapper.createDefault();

    FakeReputation() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/sanctions/quick", ex -> send(ex, 200, "{\"risk_score\": 0.0, \"matches\": []}"));
        server.createContext("/internal/budget/", ex -> {
            byte[] body = ex.getRequestBody().readAllBytes();
            if (down) {
                send(ex, 503, "{\"error\":\"unavailable\"}");
                return;
            }
            if (ex.getRequestURI().getPath().endsWith("/reserve")) {
                reserved.add(String.valueOf(json.readValue(body, Map.class).get("agent_id")));
                send(ex, 200, "{\"reserved\":true,\"state\":\"held\",\"limit_usdc\":\"1\",\"remaining_usdc\":\"0.99\"}");
            } else {
                send(ex, 200, "{\"reservation_id\":\"x\",\"state\":\"committed\"}");
            }
        });
        server.createContext("/budget", ex -> {
            Map<?, ?> cap = json.readValue(ex.getRequestBody().readAllBytes(), Map.class);
            send(ex, 200, "{\"agent_id\":\"" + cap.get("agent_id") + "\",\"capped\":true,\"limit_usdc\":\""
                    + cap.get("limit_usdc") + "\",\"period\":\"" + cap.get("period") + "\",\"spent_usdc\":\"0\","
                    + "\"reserved_usdc\":\"0\",\"set_by\":\"operator\"}");
        });
        server.start();
    }

    /** Properties pointing every backend of the gateway here, with the paywall replaced by {@link PaidAdmission}. */
    Map<String, String> gatewayProperties() {
        Map<String, String> props = new java.util.HashMap<>(BackendUrls.allAt("http://127.0.0.1:" + server.getAddress().getPort()));
        props.put("quipu.gateway.paywall.enabled", "false");
        props.put("quipu.gateway.audit.link-wait", "1ms");
        props.put("spec.name", "BudgetDirectory");
        return props;
    }

    private static void send(HttpExchange ex, int status, String body) throws IOException {
        ex.getRequestBody().readAllBytes();
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().add("Content-Type", "application/json");
        ex.sendResponseHeaders(status, bytes.length);
        ex.getResponseBody().write(bytes);
        ex.close();
    }

    @Override
    public void close() {
        server.stop(0);
    }

    /** Stands in for the paywall: every call is paid at list price, so every call goes through the budget. */
    @Singleton
    @Primary
    @Requires(property = "spec.name", value = "BudgetDirectory")
    static class PaidAdmission implements CallAdmission {

        @Override
        public Admission admit(PaidCall call) {
            return new Admission.Admitted("paid", "0x857b06519e91e3a54538791bdbb0e22373e36b66", call.operation().priceAtomic(),
                    new CallCompleted.PaymentRef("eip155:8453", null, "0x01"), "ticket");
        }

        @Override
        public Completion complete(PaidCall call, Admission.Admitted admitted, Backends.BackendAnswer answer,
                                   CallCompleted event) {
            return Completion.deliver(Map.of());
        }
    }
}
