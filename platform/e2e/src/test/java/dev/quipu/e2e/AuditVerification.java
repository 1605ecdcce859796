package dev.quipu.e2e;

import com.fasterxml.jackson.databind.JsonNode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code GET /audit/{agent_id}/verify} through the gateway, as a compliance team would ask it: every
 * system test that makes paid or trial calls checks the chains of the agents it touched.
 */
final class AuditVerification {

    private AuditVerification() {
    }

    /**
     * Waits (bounded) until the agent's chain has at least {@code links} links, then asserts that the
     * whole chain verifies; returns the verify answer.
     */
    static JsonNode assertChainVerifies(RunningSuite suite, String agent, int links) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 60_000;
        JsonNode verify = verify(suite, agent);
        while (verify.path("links_checked").asInt() < links && System.currentTimeMillis() < deadline) {
            Thread.sleep(250);
            verify = verify(suite, agent);
        }
        assertTrue(verify.path("links_checked").asInt() >= links, "the chain of " + agent + " has " + links + " link(s): " + verify);
        assertTrue(verify.path("valid").asBoolean(false), "the chain of " + agent + " verifies: " + verify);
        assertTrue(verify.path("first_broken").isMissingNode() || verify.path("first_broken").isNull(), verify.toString());
        return verify;
    }

    private static JsonNode verify(RunningSuite suite, String agent) {
        RunningSuite.Reply reply = suite.get("/audit/" + agent + "/verify");
        assertEquals(200, reply.status(), reply.body());
        return reply.json();
    }
}
