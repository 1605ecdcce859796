package dev.quipu.sanctions.zkp;

import dev.quipu.sanctions.matching.RealIndex;
import dev.quipu.testkit.SuiteResources;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The real controllers answer, not the pending-operation stub, and bad input gets the spec's 422 body. */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ZkpApiTest implements TestPropertyProvider {

    @Override
    public Map<String, String> getProperties() {
        return SuiteResources.forService("quipu_sanctions");
    }

    @Inject
    @Client("/")
    HttpClient http;

    @SuppressWarnings("unchecked")
    private Map<String, Object> post(Object body) {
        return http.toBlocking().retrieve(HttpRequest.POST("/sanctions/zkp", body), Map.class);
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> unprocessable(Object body) {
        var e = assertThrows(HttpClientResponseException.class, () -> post(body));
        assertEquals(HttpStatus.UNPROCESSABLE_ENTITY, e.getStatus());
        return e.getResponse().getBody(Map.class).orElseThrow();
    }

    @Test
    @SuppressWarnings("unchecked")
    void prepareServesTheSchemeWithTestVectors() {
        Map<String, Object> doc = http.toBlocking().retrieve(HttpRequest.GET("/sanctions/zkp/prepare"), Map.class);
        assertEquals("qz-1", doc.get("scheme_version"));
        assertTrue(((List<?>) doc.get("test_vectors")).size() >= 5);
        assertTrue(((Map<String, Object>) doc.get("normalisation")).containsKey("legal_forms"));
        assertTrue(((Number) ((Map<String, Object>) doc.get("vocabulary")).get("list_parts")).intValue() > 10_000);
    }

    @Test
    @SuppressWarnings("unchecked")
    void commitmentModeAnswersASanctionsResult() throws Exception {
        List<String> parts = RealIndex.NORMALIZER.tokens("Gilberto José Rodríguez Orejuela").stream().map(t -> t.text()).toList();
        Map<String, Object> r = post(Map.of("scheme_version", "qz-1", "mode", "commitment", "type", "person",
                "commitments", ZkpClient.commitments("00112233445566778899aabbccddeeff", parts)));
        assertEquals("HIGH", r.get("risk_category"));
        assertTrue(((Number) r.get("risk_score")).intValue() >= 95);
        assertEquals("OFAC_SDN:4107", ((List<Map<String, Object>>) r.get("matches")).get(0).get("entity_id"));
        assertEquals(5, ((List<?>) r.get("lists_checked")).size());
    }

    @Test
    void kAnonymityModeAnswersCandidatesForTheClient() {
        Map<String, Object> r = post(Map.of("scheme_version", "qz-1", "mode", "k_anonymity", "prefixes", List.of("a076", "0f3c")));
        assertEquals("CLIENT_SIDE", r.get("risk_category"));
        assertTrue(r.containsKey("candidates"));
        assertTrue(r.containsKey("buckets"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void aMissingModeIsA422OnThatField() {
        Map<String, Object> body = unprocessable(Map.of("scheme_version", "qz-1", "prefixes", List.of("abcd")));
        assertEquals(List.of("body", "mode"), ((List<Map<String, Object>>) body.get("detail")).get(0).get("loc"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void aBadPrefixIsA422AtItsPosition() {
        Map<String, Object> body = unprocessable(Map.of("scheme_version", "qz-1", "mode", "k_anonymity",
                "prefixes", List.of("abcd", "not-hex")));
        assertEquals(List.of("body", "prefixes", 1), ((List<Map<String, Object>>) body.get("detail")).get(0).get("loc"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void commitmentModeWithoutCommitmentsIsA422() {
        Map<String, Object> body = unprocessable(Map.of("scheme_version", "qz-1", "mode", "commitment"));
        assertEquals(List.of("body", "commitments"), ((List<Map<String, Object>>) body.get("detail")).get(0).get("loc"));
    }
}
