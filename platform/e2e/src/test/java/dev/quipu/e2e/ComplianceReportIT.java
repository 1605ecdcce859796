package dev.quipu.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code /compliance/report} through the real services, paid with the official x402 client: an onboarding
 * report with its framework mapping; two periodic reviews of the same entity by the same agent, each naming the
 * agent's report before it (the first names the onboarding report); the agent's chain of the three verifies.
 */
@ExtendWith(SuiteExtension.class)
class ComplianceReportIT {

    @Test
    void onboardingAndPeriodicReviewsOfARealCompany(RunningSuite suite) throws Exception {
        OfficialClient.assumeAvailable();
        String agent = "e2e-compliance-" + UUID.randomUUID();
        JsonNode onboarding = paid(suite, "{\"entity_id\":\"20131312955\",\"country\":\"PE\",\"purpose\":\"onboarding\",\"agent_id\":\""
                + agent + "\"}");
        assertFalse(onboarding.path("overall_status").asText().isEmpty(), onboarding.toString());
        assertFalse(onboarding.path("recommendation").asText().isEmpty());
        assertTrue(onboarding.path("compliance_framework").path("note").asText().contains("not a certification"));
        assertTrue(onboarding.path("audit_trail").size() >= 2, onboarding.toString());

        String review = "{\"entity_id\":\"20131312955\",\"country\":\"PE\",\"purpose\":\"periodic_review\",\"agent_id\":\"" + agent + "\"}";
        JsonNode first = paid(suite, review);
        // the agent's previous report on the entity, whatever its purpose: the onboarding report
        assertEquals(onboarding.path("report_id").asText(), first.path("changes_since_previous").path("previous_report_id").asText(),
                first.toString());
        JsonNode second = paid(suite, review);
        assertEquals(first.path("report_id").asText(), second.path("changes_since_previous").path("previous_report_id").asText(),
                second.toString());
        assertEquals(0, second.path("changes_since_previous").path("changes").size(), "nothing changed: " + second);
        AuditVerification.assertChainVerifies(suite, agent, 3);
    }

    private static JsonNode paid(RunningSuite suite, String body) throws Exception {
        return OfficialClient.paidAnswer(suite.gateway().resolve("/compliance/report"), body);
    }
}
