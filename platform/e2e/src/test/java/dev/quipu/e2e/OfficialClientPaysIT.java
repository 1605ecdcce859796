package dev.quipu.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The official x402 v2 TypeScript client ({@code @x402/fetch} + {@code @x402/evm} with a viem local
 * account) pays a call through the real gateway of the running suite, in local settlement mode:
 * 402 first, then 200 with a successful PAYMENT-RESPONSE and the data. Skipped, saying so, without node.
 */
@ExtendWith(SuiteExtension.class)
class OfficialClientPaysIT {

    @Test
    void theOfficialClientPaysForACallThroughTheGateway(RunningSuite suite) throws Exception {
        OfficialClient.assumeAvailable();
        String agent = "e2e-official-client-" + UUID.randomUUID();
        JsonNode result = OfficialClient.pay(suite.gateway().resolve("/rates"),
                "{\"country\":\"MX\",\"agent_id\":\"" + agent + "\"}");
        assertEquals(402, result.path("unpaidStatus").asInt(), result.toString());
        assertEquals(200, result.path("status").asInt(), result.toString());
        assertTrue(result.path("settlement").path("success").asBoolean(), result.toString());
        JsonNode body = new ObjectMapper().readTree(result.path("body").asText());
        assertFalse(body.path("usd_mxn").isMissingNode(), "rates-service answered: " + body);
        JsonNode verify = AuditVerification.assertChainVerifies(suite, agent, 1);
        // the paid link proves its payment with the signature the official client made
        assertEquals(1, verify.path("proofs").path("proven").asInt(), verify.toString());
    }
}
