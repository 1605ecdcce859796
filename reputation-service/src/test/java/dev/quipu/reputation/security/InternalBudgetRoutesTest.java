package dev.quipu.reputation.security;

import dev.quipu.testkit.OperatorCredentials;
import dev.quipu.testkit.PlainHttp;
import dev.quipu.testkit.SuiteResources;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.URI;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * reputation-service's budget reservations answer only the gateway: anyone else's attempt to reserve
 * an agent's budget is refused and reserves nothing; a malformed request is a 422, never a 500.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class InternalBudgetRoutesTest implements TestPropertyProvider {

    private static final String GATEWAY = OperatorCredentials.signer("gateway").authorizationFor("reputation-service");
    private static final String OPERATOR = OperatorCredentials.signer("operator").authorizationFor("reputation-service");

    @Inject
    EmbeddedServer server;

    @Override
    public Map<String, String> getProperties() {
        return SuiteResources.forService("quipu_reputation_internal_auth_test");
    }

    @Test
    void aReservationFromAnyoneButTheGatewayIsRefusedAndReservesNothing() {
        String agent = "budget-guarded-" + UUID.randomUUID();
        assertEquals(200, post("/budget", "{\"agent_id\":\"" + agent + "\",\"limit_usdc\":\"0.10\",\"period\":\"daily\"}", OPERATOR)
                .statusCode(), "the operator sets a cap directly");
        String reserve = "{\"agent_id\":\"" + agent + "\",\"amount_atomic\":100000,\"reservation_id\":\"r-" + UUID.randomUUID() + "\"}";
        assertEquals(401, post("/internal/budget/reserve", reserve, null).statusCode());
        assertEquals(401, post("/internal/budget/reserve", reserve, "Bearer dev-operator-token").statusCode(),
                "the public operator token is not an internal credential");
        assertEquals(403, post("/internal/budget/reserve", reserve,
                OperatorCredentials.signer("sanctions-service").authorizationFor("reputation-service")).statusCode());
        assertTrue(get("/budget/" + agent).body().contains("\"reserved_usdc\":\"0"), get("/budget/" + agent).body());

        HttpResponse<String> byGateway = post("/internal/budget/reserve", reserve, GATEWAY);
        assertEquals(200, byGateway.statusCode(), byGateway.body());
        assertTrue(byGateway.body().contains("\"reserved\":true"), byGateway.body());
    }

    @ParameterizedTest(name = "POST {0} with an empty object is a 422")
    @ValueSource(strings = {"/internal/budget/reserve", "/internal/budget/commit", "/internal/budget/release"})
    void malformedReservationsAre422(String path) {
        HttpResponse<String> answer = post(path, "{}", GATEWAY);
        assertEquals(422, answer.statusCode(), answer.body());
        assertTrue(answer.body().contains("\"error\":\"invalid_request\""), answer.body());
    }

    private HttpResponse<String> get(String path) {
        return PlainHttp.send("GET", URI.create("http://127.0.0.1:" + server.getPort() + path), null, GATEWAY);
    }

    private HttpResponse<String> post(String path, String body, String authorization) {
        return PlainHttp.send("POST", URI.create("http://127.0.0.1:" + server.getPort() + path), body, authorization);
    }
}
