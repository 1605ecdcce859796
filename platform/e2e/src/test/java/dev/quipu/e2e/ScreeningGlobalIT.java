package dev.quipu.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code /solutions/screening-global} composed through the real services: report-service asks the real
 * sanctions-service as itself, and the paid answer (official x402 client through the gateway) carries the
 * checks, the verdict, the narrative and the audit trail of the part; the agent's chain verifies.
 */
@ExtendWith(SuiteExtension.class)
class ScreeningGlobalIT {

    @Test
    void aListedPersonIsBlockedWithTheEvidenceAndTheChainVerifies(RunningSuite suite) throws Exception {
        OfficialClient.assumeAvailable();
        String agent = "e2e-screening-global-" + UUID.randomUUID();
        // on the OFAC SDN list (bundled snapshot) as "RODRIGUEZ OREJUELA, Gilberto Jose" (OFAC_SDN:4107)
        JsonNode blocked = paid(suite, "{\"name\":\"Gilberto José Rodríguez Orejuela\",\"country\":\"CO\",\"type\":\"person\","
                + "\"agent_id\":\"" + agent + "\"}");
        assertEquals("BLOCKED", blocked.path("screening_status").asText(), blocked.toString());
        assertEquals("fail", blocked.path("checks").path(0).path("result").asText());
        assertEquals("screening-1", blocked.path("rules_version").asText());
        assertEquals(64, blocked.path("audit_trail").path(0).path("answer_sha256").asText().length(), blocked.toString());
        assertFalse(blocked.path("audit_trail").path(0).path("data_versions").isEmpty(), blocked.toString());
        assertTrue(blocked.path("risk_narrative").asText().contains("Verdict: BLOCKED"), blocked.toString());

        JsonNode clear = paid(suite, "{\"name\":\"Quipu Datos Abiertos Andinos SAS\",\"country\":\"CO\",\"type\":\"company\",\"agent_id\":\""
                + agent + "\"}");
        assertEquals("CLEAR", clear.path("screening_status").asText(), clear.toString());
        AuditVerification.assertChainVerifies(suite, agent, 2);
    }

    private static JsonNode paid(RunningSuite suite, String body) throws Exception {
        return OfficialClient.paidAnswer(suite.gateway().resolve("/solutions/screening-global"), body);
    }
}
