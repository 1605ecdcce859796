package dev.quipu.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An agent's audit chain made of real paid calls verifies before and after the whole suite restarts,
 * and grows on after it: the instants, hashes and proofs stored survive the round trip through
 * PostgreSQL and a new JVM of every service. Runs last (the e2e suite runs its classes in
 * alphabetical order, platform/e2e/pom.xml), since it restarts the suite every system test shares.
 * Skipped, saying so, without node (the official x402 client pays).
 */
@ExtendWith(SuiteExtension.class)
class WhenTheSuiteRestartsIT {

    private static JsonNode payRates(RunningSuite suite, String agent) throws Exception {
        return OfficialClient.pay(suite.gateway().resolve("/rates"), "{\"country\":\"PE\",\"agent_id\":\"" + agent + "\"}");
    }

    @Test
    void aChainOfPaidCallsVerifiesBeforeAndAfterARestartAndGrowsOnAfterIt(RunningSuite suite) throws Exception {
        OfficialClient.assumeAvailable();
        String agent = "e2e-restart-" + UUID.randomUUID();
        for (int i = 0; i < 2; i++) {
            assertEquals(200, payRates(suite, agent).path("status").asInt(), "paid call " + i);
        }
        JsonNode before = AuditVerification.assertChainVerifies(suite, agent, 2);

        suite.restart();

        JsonNode after = AuditVerification.assertChainVerifies(suite, agent, 2);
        assertEquals(before.path("links_checked").asInt(), after.path("links_checked").asInt(), after.toString());
        assertEquals(2, after.path("proofs").path("proven").asInt(), "both payments still proven: " + after);
        assertEquals(200, payRates(suite, agent).path("status").asInt(), "a paid call after the restart");
        JsonNode grown = AuditVerification.assertChainVerifies(suite, agent, 3);
        assertTrue(grown.path("valid").asBoolean(), grown.toString());
    }
}
