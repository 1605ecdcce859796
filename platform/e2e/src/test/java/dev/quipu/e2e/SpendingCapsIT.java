package dev.quipu.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.quipu.contracts.pricebook.Service;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Spending caps through the whole running suite, paid by the official x402 client ({@code POST /rates}
 * costs 0.02 USDC): a cap set through the gateway, or on reputation-service directly (the gateway
 * then learns it from {@code quipu.budgets.v1}), stops the paid call that would pass it with 402
 * {@code budget_exhausted}, and nothing of that call is spent. Skipped, saying so, without node.
 */
@ExtendWith(SuiteExtension.class)
class SpendingCapsIT {

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void aCapSetThroughTheGatewayStopsThePaidCallThatWouldPassIt(RunningSuite suite) throws Exception {
        OfficialClient.assumeAvailable();
        String agent = "e2e-cap-gateway-" + UUID.randomUUID();
        // through the gateway, with the operator token the suite made (QUIPU_OPERATOR_TOKEN)
        setCap(suite.gateway(), agent, "0.03", "Bearer " + suite.operatorToken());

        assertEquals(200, payRates(suite, agent).path("status").asInt(), "the first call fits the cap");
        JsonNode refused = payRates(suite, agent);
        assertRefusedByTheCap(refused);

        JsonNode budget = budget(suite, agent);
        assertEquals(0, new BigDecimal("0.02").compareTo(new BigDecimal(budget.path("spent_usdc").asText())), budget.toString());
        assertEquals(0, BigDecimal.ZERO.compareTo(new BigDecimal(budget.path("reserved_usdc").asText())), budget.toString());
        // the call that fitted is the chain's only link: the refused one never ran
        JsonNode verify = AuditVerification.assertChainVerifies(suite, agent, 1);
        assertEquals(1, verify.path("links_checked").asInt());
        assertEquals(1, verify.path("proofs").path("proven").asInt(), "its payment is proven: " + verify);
    }

    @Test
    void aCapSetOnReputationServiceReachesTheGatewayThroughItsTopic(RunningSuite suite) throws Exception {
        OfficialClient.assumeAvailable();
        String agent = "e2e-cap-topic-" + UUID.randomUUID();
        // directly, as the suite's operator (./quipu internal-header reputation)
        setCap(suite.url(Service.REPUTATION), agent, "0.01", suite.operatorAuthorization(Service.REPUTATION));
        Thread.sleep(2_000); // ample for one record through the local broker; without the topic the call would run

        assertRefusedByTheCap(payRates(suite, agent));
        JsonNode budget = budget(suite, agent);
        assertEquals(0, BigDecimal.ZERO.compareTo(new BigDecimal(budget.path("spent_usdc").asText())), budget.toString());
        assertEquals(0, AuditVerification.assertChainVerifies(suite, agent, 0).path("links_checked").asInt(),
                "a call refused by the cap never ran and has no link");
    }

    private static JsonNode payRates(RunningSuite suite, String agent) throws Exception {
        return OfficialClient.pay(suite.gateway().resolve("/rates"), "{\"country\":\"CO\",\"agent_id\":\"" + agent + "\"}");
    }

    private static void assertRefusedByTheCap(JsonNode result) throws Exception {
        assertEquals(402, result.path("status").asInt(), result.toString());
        assertFalse(result.path("settlement").path("success").asBoolean(false), "nothing settled: " + result);
        JsonNode body = new ObjectMapper().readTree(result.path("body").asText());
        assertEquals("budget_exhausted", body.path("reason").asText(), body.toString());
    }

    private void setCap(URI base, String agent, String limitUsdc, String authorization) throws Exception {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(base.resolve("/budget"))
                .header("Content-Type", "application/json")
                .header("Authorization", authorization)
                .timeout(Duration.ofSeconds(20))
                .POST(HttpRequest.BodyPublishers.ofString("{\"agent_id\":\"" + agent + "\",\"limit_usdc\":\"" + limitUsdc
                        + "\",\"period\":\"daily\"}"))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertTrue(response.statusCode() / 100 == 2, response.statusCode() + " " + response.body());
    }

    private static JsonNode budget(RunningSuite suite, String agent) {
        RunningSuite.Reply reply = suite.get("/budget/" + agent);
        assertEquals(200, reply.status(), reply.body());
        return reply.json();
    }
}
