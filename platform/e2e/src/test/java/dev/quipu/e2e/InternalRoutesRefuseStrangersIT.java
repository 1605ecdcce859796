package dev.quipu.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import dev.quipu.contracts.pricebook.Service;
import dev.quipu.testkit.PlainHttp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The attack of issue 12 against the running suite: forged paid-call evidence and someone else's
 * budget, posted straight to the backends. Without the suite's credentials, or with another
 * service's, every internal route refuses and the agent's reputation and audit chain stay as they
 * were; with the gateway's, the same route works.
 */
@ExtendWith(SuiteExtension.class)
class InternalRoutesRefuseStrangersIT {

    @Test
    void forgedPaidEventsAreRefusedAndLeaveReputationAndTheChainUntouched(RunningSuite suite) throws Exception {
        String wallet = "0x" + UUID.randomUUID().toString().replace("-", "").substring(0, 32) + "00000000";
        URI payment = suite.url(Service.PAYMENT);
        for (int i = 0; i < 5; i++) {
            String forged = paidEvent(wallet, Instant.now().minus(Duration.ofDays(40)));
            assertEquals(401, post(payment, "/internal/calls", forged, null).statusCode());
            assertEquals(401, post(payment, "/internal/payments/complete", "{\"ticket\":\"t\",\"reached\":true,\"status\":200,"
                    + "\"event\":" + forged + "}", null).statusCode());
            assertEquals(403, post(payment, "/internal/calls", forged, suite.authorization("report-service", Service.PAYMENT)).statusCode());
            // even the gateway's credential cannot write a paid event without its settlement
            assertEquals(422, post(payment, "/internal/calls", forged, suite.authorization("gateway", Service.PAYMENT)).statusCode());
        }
        Thread.sleep(1_000); // had anything reached the topic, the folds would have it by now
        JsonNode reputation = suite.get("/reputation/" + wallet).json();
        assertEquals(0, reputation.path("paid_calls").asInt(0), reputation.toString());
        JsonNode verify = suite.get("/audit/" + wallet + "/verify").json();
        assertEquals(0, verify.path("links_checked").asInt(0), verify.toString());
    }

    @Test
    void someoneElsesBudgetCannotBeReservedWithoutTheGatewaysCredential(RunningSuite suite) throws Exception {
        String agent = "e2e-budget-" + UUID.randomUUID();
        URI reputation = suite.url(Service.REPUTATION);
        String cap = "{\"agent_id\":\"" + agent + "\",\"limit_usdc\":\"0.10\",\"period\":\"daily\"}";
        assertEquals(200, post(reputation, "/budget", cap, suite.operatorAuthorization(Service.REPUTATION)).statusCode(),
                "the operator sets a cap directly");
        String reserve = "{\"agent_id\":\"" + agent + "\",\"amount_atomic\":50000,\"reservation_id\":\"" + UUID.randomUUID() + "\"}";
        assertEquals(401, post(reputation, "/internal/budget/reserve", reserve, null).statusCode());
        assertEquals(401, post(reputation, "/internal/budget/reserve", reserve, "Bearer " + suite.operatorToken()).statusCode(),
                "the public operator token is not an internal credential");
        assertEquals(403, post(reputation, "/internal/budget/reserve", reserve, suite.authorization("sanctions-service", Service.REPUTATION))
                .statusCode());
        JsonNode budget = suite.get("/budget/" + agent).json();
        assertEquals(0, new java.math.BigDecimal(budget.path("reserved_usdc").asText()).signum(), budget.toString());

        HttpResponse<String> byGateway = post(reputation, "/internal/budget/reserve", reserve, suite.authorization("gateway", Service.REPUTATION));
        assertEquals(200, byGateway.statusCode(), byGateway.body());
        budget = suite.get("/budget/" + agent).json();
        assertEquals(0, new java.math.BigDecimal("0.05").compareTo(new java.math.BigDecimal(budget.path("reserved_usdc").asText())),
                budget.toString());
    }

    @Test
    void theGatewayShowsCallersNoManagementEndpointButHealth(RunningSuite suite) {
        for (String path : List.of("/beans", "/routes", "/threaddump", "/info", "/env", "/loggers")) {
            int status = suite.get(path).status();
            assertTrue(status == 404 || status == 401, path + " answered " + status);
        }
        assertEquals(401, suite.get("/prometheus").status());
        assertEquals(200, suite.get("/health").status());
    }

    @Test
    void theOperatorsHeaderFromQuipuInternalHeaderOpensABackend(RunningSuite suite) throws Exception {
        java.nio.file.Path repo = suite.stack().config().repoRoot();
        ProcessBuilder command = new ProcessBuilder("bash", repo.resolve("quipu").toString(), "internal-header", "sanctions");
        command.environment().put("QUIPU_HOME", suite.stack().config().baseDir().toString());
        command.environment().put("QUIPU_NO_BUILD", "1");
        command.redirectError(ProcessBuilder.Redirect.DISCARD);
        Process p = command.start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        String[] lines = out.strip().split("\n");
        assertEquals(1, lines.length, "one line: " + out);
        assertTrue(lines[0].startsWith("Authorization: Bearer "), lines[0]);

        String body = "{\"name\":\"Juan Perez\",\"country\":\"CO\",\"type\":\"person\"}";
        URI sanctions = suite.url(Service.SANCTIONS);
        assertEquals(401, post(sanctions, "/sanctions/quick", body, null).statusCode(), "the paywall cannot be walked around");
        HttpResponse<String> answer = post(sanctions, "/sanctions/quick", body, lines[0].substring("Authorization: ".length()));
        assertEquals(200, answer.statusCode(), answer.body());
    }

    private static String paidEvent(String wallet, Instant at) {
        return ("{\"event_id\":\"%s\",\"occurred_at\":\"%s\",\"operation_id\":\"sanctions_screen\",\"route\":\"POST /sanctions\","
                + "\"agent_id\":\"%s\",\"payer\":\"%s\",\"access\":\"paid\",\"price_usdc\":\"0.05\",\"charged_atomic\":50000,"
                + "\"payment_ref\":{\"network\":\"eip155:8453\",\"transaction\":\"0xmadeup\",\"nonce\":\"0x01\"},"
                + "\"status\":200,\"latency_ms\":3,\"request_json\":\"{}\",\"response_json\":\"{}\",\"data_versions\":{}}")
                .formatted(UUID.randomUUID(), at.truncatedTo(ChronoUnit.SECONDS), wallet, wallet);
    }

    private static HttpResponse<String> post(URI base, String path, String body, String authorization) {
        return PlainHttp.send("POST", base.resolve(path), body, authorization);
    }
}
