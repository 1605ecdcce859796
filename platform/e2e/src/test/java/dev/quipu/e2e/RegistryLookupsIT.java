package dev.quipu.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import dev.quipu.contracts.pricebook.Service;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A paid {@code /entity} and a paid {@code /registry} per country, for a real company of the bundled
 * samples, through the real gateway with the official x402 client; the agent's audit chain then
 * verifies with both links. The live registry sources are unreachable here (as without network), so
 * the answers come from the bundled official files, honestly dated.
 */
@ExtendWith(SuiteExtension.class)
class RegistryLookupsIT {

    @Test
    void colombiaEcopetrol(RunningSuite suite) throws Exception {
        JsonNode[] answers = payBoth(suite, "CO", "899999068-1", "nit");
        assertTrue(answers[0].path("razon_social").asText().startsWith("ECOPETROL"), answers[0].toString());
        assertEquals("899.999.068-1", answers[0].path("company").path("tax_id").path("formatted").asText());
    }

    @Test
    void brazilBancoDoBrasil(RunningSuite suite) throws Exception {
        JsonNode[] answers = payBoth(suite, "BR", "00.000.000/0001-91", "cnpj");
        assertTrue(answers[0].path("razon_social").asText().startsWith("BANCO DO BRASIL"), answers[0].toString());
    }

    @Test
    void mexicoAnEfosOfTheArticle69BList(RunningSuite suite) throws Exception {
        JsonNode[] answers = payBoth(suite, "MX", "GAS1510292Z1", "rfc");
        assertEquals("LOW", answers[0].path("data_confidence").asText(), answers[0].toString());
        assertEquals("Definitivo", answers[0].path("listings").path(0).path("status").asText(), answers[0].toString());
        assertFalse(answers[0].path("not_verified").isEmpty(), "says what SAT does not publish: " + answers[0]);
    }

    @Test
    void chileACompanyOfTheRegistroDeEmpresasYSociedades(RunningSuite suite) throws Exception {
        JsonNode[] answers = payBoth(suite, "CL", "76.286.049-K", "rut");
        assertEquals("Servicios Digitales Enubis Cam limitada", answers[0].path("razon_social").asText(), answers[0].toString());
        assertEquals(7000000, answers[1].path("capital_social").path("amount").asLong(), answers[1].toString());
        assertEquals("CLP", answers[1].path("capital_social").path("currency").asText());
    }

    @Test
    void peruSunatItself(RunningSuite suite) throws Exception {
        JsonNode[] answers = payBoth(suite, "PE", "20131312955", "ruc");
        assertTrue(answers[0].path("razon_social").asText().contains("SUNAT"), answers[0].toString());
    }

    @Test
    void aValidIdentifierNoSourceKnowsIsA404NamingTheSourcesAndCostsNothing(RunningSuite suite) {
        // a valid RUC (its check digit is right) that no bundled SUNAT file holds; the live sources are unreachable
        RunningSuite.Reply reply = suite.postJson(suite.url(Service.REGISTRY), "/entity",
                "{\"identifier\":\"20999999990\",\"country\":\"PE\"}", suite.operatorAuthorization(Service.REGISTRY));
        assertEquals(404, reply.status(), reply.body());
        assertTrue(reply.json().path("sources_asked").size() > 0, reply.body());
    }

    /** Pays /entity then /registry for one agent; both 200 from registry-service, then the chain of two verifies. */
    private static JsonNode[] payBoth(RunningSuite suite, String country, String identifier, String idType) throws Exception {
        OfficialClient.assumeAvailable();
        String agent = "e2e-registry-" + country.toLowerCase() + "-" + UUID.randomUUID();
        JsonNode entity = paid(suite, "/entity", "{\"identifier\":\"" + identifier + "\",\"country\":\"" + country
                + "\",\"agent_id\":\"" + agent + "\"}");
        JsonNode registry = paid(suite, "/registry", "{\"identifier\":\"" + identifier + "\",\"country\":\"" + country
                + "\",\"id_type\":\"" + idType + "\",\"agent_id\":\"" + agent + "\"}");
        for (JsonNode answer : new JsonNode[] {entity, registry}) {
            assertTrue(answer.path("sources").size() > 0, "every answer names its sources: " + answer);
            assertFalse(answer.path("sources").path(0).path("source_mode").asText().isEmpty(), answer.toString());
            assertTrue(answer.path("company").has("legal_name"), "the company block: " + answer);
            assertTrue(answer.has("data_confidence"), answer.toString());
        }
        AuditVerification.assertChainVerifies(suite, agent, 2);
        return new JsonNode[] {entity, registry};
    }

    private static JsonNode paid(RunningSuite suite, String path, String body) throws Exception {
        return OfficialClient.paidAnswer(suite.gateway().resolve(path), body);
    }
}
