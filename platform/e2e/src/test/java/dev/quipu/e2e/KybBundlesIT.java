package dev.quipu.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code /solutions/kyb-complete-{cc}} for a real company of each country's bundled registry data, paid with the
 * official x402 client through the gateway: registry, sanctions, a narrative written from the checks, the audit
 * trail of every call; the agent's chain verifies.
 */
@ExtendWith(SuiteExtension.class)
class KybBundlesIT {

    @Test
    void aBundlePerCountryAndTheChainVerifies(RunningSuite suite) throws Exception {
        OfficialClient.assumeAvailable();
        String agent = "e2e-kyb-bundle-" + UUID.randomUUID();
        Map<String, String> companies = Map.of("co", "899999068-1", "br", "00.000.000/0001-91", "mx", "CIT840125DV9",
                "cl", "76.286.049-K", "pe", "20131312955");
        for (Map.Entry<String, String> c : companies.entrySet()) {
            JsonNode bundle = paid(suite, c.getKey(), "{\"identifier\":\"" + c.getValue() + "\",\"agent_id\":\"" + agent + "\"}");
            assertNotEquals("BLOCKED", bundle.path("kyb_status").asText(), c + ": " + bundle);
            assertFalse(bundle.path("registry").isNull(), c + ": " + bundle);
            assertTrue(bundle.path("audit_trail").size() >= 2, "registry and sanctions calls: " + bundle);
            assertEquals("template", bundle.path("narrative_source").asText());
            assertTrue(bundle.path("risk_narrative").asText().contains("KYB status: " + bundle.path("kyb_status").asText()), bundle.toString());
        }
        JsonNode named = paid(suite, "co", "{\"identifier\":\"899999068-1\",\"name\":\"Ecopetrol S.A.\",\"agent_id\":\"" + agent + "\"}");
        boolean compared = false;
        for (JsonNode check : named.path("checks")) {
            if (check.path("id").asText().equals("name_matches")) {
                assertEquals("pass", check.path("result").asText(), check.toString());
                compared = true;
            }
        }
        assertTrue(compared, named.toString());
        AuditVerification.assertChainVerifies(suite, agent, companies.size() + 1);
    }

    private static JsonNode paid(RunningSuite suite, String cc, String body) throws Exception {
        return OfficialClient.paidAnswer(suite.gateway().resolve("/solutions/kyb-complete-" + cc), body);
    }
}
