package dev.quipu.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * {@code /report/defi-latam} through the real services, paid with the official x402 client: a wallet OFAC lists
 * is BLOCKED whatever else holds; a clean wallet with a real Colombian company gets its KYB and the FX context
 * with its dates; the agent's chain verifies.
 */
@ExtendWith(SuiteExtension.class)
class DefiReportIT {

    @Test
    void aListedWalletIsBlockedAndACleanOneIsNot(RunningSuite suite) throws Exception {
        OfficialClient.assumeAvailable();
        String agent = "e2e-defi-" + UUID.randomUUID();
        // an Ethereum address on OFAC's SDN list (digital-currency address feature)
        JsonNode listed = paid(suite, "{\"country\":\"MX\",\"wallet\":\"0x2F389CE8BD8FF92DE3402FFCE4691D17FC4F6535\",\"agent_id\":\""
                + agent + "\"}");
        assertEquals("BLOCKED", listed.path("defi_clearance").asText(), listed.toString());
        assertEquals("defi-1", listed.path("rules_version").asText());

        JsonNode clean = paid(suite, "{\"country\":\"CO\",\"wallet\":\"0x0000000000000000000000000000000000000001\","
                + "\"entity_id\":\"899999068-1\",\"agent_id\":\"" + agent + "\"}");
        assertNotEquals("BLOCKED", clean.path("defi_clearance").asText(), clean.toString());
        assertFalse(clean.path("fx_rates").path("usd_cop").isMissingNode(), "FX context from rates-service: " + clean);
        assertFalse(clean.path("entity_kyb").isNull(), clean.toString());
        AuditVerification.assertChainVerifies(suite, agent, 2);
    }

    private static JsonNode paid(RunningSuite suite, String body) throws Exception {
        return OfficialClient.paidAnswer(suite.gateway().resolve("/report/defi-latam"), body);
    }
}
