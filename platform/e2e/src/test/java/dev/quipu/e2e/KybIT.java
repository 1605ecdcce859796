package dev.quipu.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code /entity/kyb} through the real services (report-service asks registry-service and sanctions-service as
 * itself), paid with the official x402 client: a real company of each country's bundled registry data is
 * found and not listed; a Colombian NIT that OFAC's SDN list carries is BLOCKED although no registry knows it;
 * the agent's chain of those paid calls verifies.
 */
@ExtendWith(SuiteExtension.class)
class KybIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void cleanCompaniesOfEveryCountryAndAListedNit(RunningSuite suite) throws Exception {
        OfficialClient.assumeAvailable();
        String agent = "e2e-kyb-" + UUID.randomUUID();
        Map<String, String> companies = Map.of("CO", "899999068-1", "BR", "00.000.000/0001-91", "MX", "CIT840125DV9",
                "CL", "76.286.049-K", "PE", "20131312955");
        for (Map.Entry<String, String> c : companies.entrySet()) {
            JsonNode kyb = paid(suite, c.getValue(), c.getKey(), agent);
            assertEquals("pass", check(kyb, "registry_found").path("result").asText(), c + ": " + kyb);
            assertEquals("pass", check(kyb, "identifier_listed").path("result").asText(), c + ": " + kyb);
            assertNotEquals("BLOCKED", kyb.path("kyb_status").asText(), c + ": " + kyb);
            assertEquals("kyb-1", kyb.path("rules_version").asText());
        }
        // OFAC SDN: NIT # 800018928-0 (a Colombian company of the SDNTK program), written with dots here
        JsonNode listed = paid(suite, "800.018.928-0", "CO", agent);
        assertEquals("BLOCKED", listed.path("kyb_status").asText(), listed.toString());
        assertEquals("fail", check(listed, "identifier_listed").path("result").asText(), listed.toString());
        AuditVerification.assertChainVerifies(suite, agent, companies.size() + 1);
    }

    @Test
    void aPartThatCannotAnswerIsA503AndNothingIsCharged(RunningSuite suite) throws Exception {
        OfficialClient.assumeAvailable();
        // a valid NIT that no bundled file holds, while RUES (the live registry) is unreachable here: registry-service
        // cannot tell whether it exists, so the KYB has no verdict
        JsonNode result = OfficialClient.pay(suite.gateway().resolve("/entity/kyb"), "{\"identifier\":\"901999777-1\","
                + "\"country\":\"CO\",\"agent_id\":\"e2e-kyb-outage-" + UUID.randomUUID() + "\"}");
        assertEquals(402, result.path("unpaidStatus").asInt(), result.toString());
        assertEquals(503, result.path("status").asInt(), result.toString());
        assertTrue(result.path("settlement").isNull() || !result.path("settlement").path("success").asBoolean(),
                "nothing settled: " + result);
        JsonNode body = JSON.readTree(result.path("body").asText());
        assertEquals("part_unavailable", body.path("error").asText(), body.toString());
        assertTrue(body.path("message").asText().contains("registry-service"), body.toString());
    }

    private static JsonNode check(JsonNode kyb, String id) {
        for (JsonNode c : kyb.path("checks")) {
            if (id.equals(c.path("id").asText())) {
                return c;
            }
        }
        throw new AssertionError("no check " + id + " in " + kyb);
    }

    private static JsonNode paid(RunningSuite suite, String identifier, String country, String agent) throws Exception {
        return OfficialClient.paidAnswer(suite.gateway().resolve("/entity/kyb"), "{\"identifier\":\"" + identifier
                + "\",\"country\":\"" + country + "\",\"agent_id\":\"" + agent + "\"}");
    }
}
