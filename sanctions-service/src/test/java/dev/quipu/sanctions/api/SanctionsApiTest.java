package dev.quipu.sanctions.api;

import dev.quipu.sanctions.lists.ListId;
import dev.quipu.sanctions.lists.ListVersionStore;
import dev.quipu.testkit.SuiteResources;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SanctionsApiTest implements TestPropertyProvider {

    @Override
    public Map<String, String> getProperties() {
        return SuiteResources.forService("quipu_sanctions");
    }

    @Inject
    @Client("/")
    HttpClient http;

    @Inject
    ListVersionStore store;

    @SuppressWarnings("unchecked")
    private Map<String, Object> post(String path, Object body) {
        return http.toBlocking().retrieve(HttpRequest.POST(path, body), Map.class);
    }

    @Test
    @SuppressWarnings("unchecked")
    void aListedPersonIsReportedWithExplanationAndTheListVersionsChecked() {
        Map<String, Object> r = post("/sanctions", Map.of("name", "Gilberto José Rodríguez Orejuela", "country", "CO",
                "type", "person", "date_of_birth", "1939-01-31"));
        assertEquals("HIGH", r.get("risk_category"));
        assertTrue(((Number) r.get("risk_score")).intValue() >= 95);
        List<Map<String, Object>> matches = (List<Map<String, Object>>) r.get("matches");
        Map<String, Object> top = matches.get(0);
        assertEquals("OFAC_SDN", top.get("list"));
        assertEquals("OFAC_SDN:4107", top.get("entity_id"));
        assertEquals("RODRIGUEZ OREJUELA, Gilberto Jose", top.get("name"));
        Map<String, Object> explanation = (Map<String, Object>) top.get("explanation");
        assertTrue(((Map<String, Object>) explanation.get("features")).containsKey("name"));
        assertTrue(((Map<String, Object>) explanation.get("features")).containsKey("dob"));
        assertEquals("quipu-match-1", explanation.get("algorithm"));
        List<Map<String, Object>> checked = (List<Map<String, Object>>) r.get("lists_checked");
        assertEquals(List.of("OFAC_SDN", "OFAC_CONS", "UN", "EU", "UK"), checked.stream().map(c -> c.get("list")).toList());
        assertTrue(checked.stream().allMatch(c -> ((String) c.get("sha256")).length() == 64));
        assertEquals(List.of(false, false, false, true, false), checked.stream().map(c -> c.get("partial")).toList(),
                "only the EU sample is a fragment");
        assertTrue(checked.stream().allMatch(c -> ((Number) c.get("names")).intValue() >= ((Number) c.get("entities")).intValue()));
        Map<String, Object> ukChecked = checked.get(4);
        assertTrue(String.valueOf(ukChecked.get("note")).contains("FCDO UK Sanctions List of 2025-11-19")
                && String.valueOf(ukChecked.get("note")).contains("Consolidated List of 2025-04-14"), String.valueOf(ukChecked.get("note")));
        assertFalse(r.containsKey("audit_hash"), "the gateway adds audit_hash and aat");
    }

    @Test
    @SuppressWarnings("unchecked")
    void quickScreeningChecksOnlyTheSdn() {
        Map<String, Object> r = post("/sanctions/quick", Map.of("name", "Maria Fernanda Gomez Restrepo", "country", "BR",
                "type", "person"));
        assertEquals("NONE", r.get("risk_category"));
        assertEquals(0, ((Number) r.get("risk_score")).intValue());
        assertEquals(List.of("OFAC_SDN"), ((List<Map<String, Object>>) r.get("lists_checked")).stream().map(c -> c.get("list")).toList());
    }

    @Test
    void badInputGetsTheSpec422BodyNotThePendingStub() {
        HttpClientResponseException e = assertThrows(HttpClientResponseException.class,
                () -> post("/sanctions", Map.of("name", "x", "country", "Colombia", "type", "robot")));
        assertEquals(HttpStatus.UNPROCESSABLE_ENTITY, e.getStatus());
        String body = e.getResponse().getBody(String.class).orElseThrow();
        assertTrue(body.contains("\"loc\":[\"body\",\"country\"]") && body.contains("\"loc\":[\"body\",\"type\"]"), body);
    }

    @Test
    @SuppressWarnings("unchecked")
    void aSanctionedWalletIsBlockedWhateverItsCase() {
        Map<String, Object> r = post("/wallet/screen", Map.of("wallet", "0x2F389CE8BD8FF92DE3402FFCE4691D17FC4F6535",
                "country", "MX"));
        assertEquals("BLOCK", r.get("recommended_action"));
        assertEquals("HIGH", r.get("risk_category"));
        assertFalse(((List<?>) r.get("matches")).isEmpty());
        Map<String, Object> clean = post("/wallet/screen", Map.of("wallet", "0x0000000000000000000000000000000000000001",
                "country", "MX", "check_entity", "Panaderia La Esperanza"));
        assertEquals("ALLOW", clean.get("recommended_action"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void matchScoreAnswersEveryPairInOrder() {
        Map<String, Object> r = post("/match/score", Map.of("pairs", List.of(
                Map.of("query", Map.of("name", "Juan Garcia Marquez", "type", "person"),
                        "candidate", Map.of("name", "GARCIA MARQUEZ, Juan", "type", "person")),
                Map.of("query", Map.of("name", "Juan Garcia Lopez"), "candidate", Map.of("name", "GARCIA MARQUEZ, Juan")))));
        List<Map<String, Object>> scores = (List<Map<String, Object>>) r.get("scores");
        assertEquals(2, scores.size());
        assertEquals(true, scores.get(0).get("match"));
        assertEquals(false, scores.get(1).get("match"));
        HttpClientResponseException e = assertThrows(HttpClientResponseException.class, () -> post("/match/score", Map.of("x", 1)));
        assertEquals(HttpStatus.UNPROCESSABLE_ENTITY, e.getStatus());
    }

    @Test
    void everyLoadedListVersionIsRecordedInPostgres() {
        for (ListId id : ListId.values()) {
            assertTrue(store.count(id) >= 1, id.name());
        }
    }

    @Test
    void healthNamesTheVersionOfEveryListTheIndexServes() {
        Map<?, ?> health = http.toBlocking().retrieve(io.micronaut.http.HttpRequest.GET("/health"), Map.class);
        Map<?, ?> lists = (Map<?, ?>) ((Map<?, ?>) ((Map<?, ?>) health.get("details")).get("lists")).get("details");
        Map<?, ?> sdn = (Map<?, ?>) lists.get("OFAC_SDN");
        assertEquals(18367, ((Number) sdn.get("entities")).intValue());
        assertEquals(48482, ((Number) sdn.get("names")).intValue(), "42,777 Latin-script names + 5,705 in other scripts");
        assertEquals(false, sdn.get("partial"));
        assertEquals(true, ((Map<?, ?>) lists.get("EU")).get("partial"));
        assertEquals(64, String.valueOf(sdn.get("sha256")).length());
        Map<?, ?> total = (Map<?, ?>) lists.get("total");
        long entities = 0;
        long names = 0;
        for (ListId id : ListId.values()) {
            entities += ((Number) ((Map<?, ?>) lists.get(id.name())).get("entities")).longValue();
            names += ((Number) ((Map<?, ?>) lists.get(id.name())).get("names")).longValue();
        }
        assertEquals(entities, ((Number) total.get("entities")).longValue());
        assertEquals(names, ((Number) total.get("names")).longValue());
    }

    @Test
    void aScreeningReportsTheListVersionsItUsedForTheAuditChain() {
        var response = http.toBlocking().exchange(io.micronaut.http.HttpRequest.POST("/sanctions/quick",
                Map.of("name", "Juan Perez", "country", "CO", "type", "person")), String.class);
        Map<String, String> versions = dev.quipu.contracts.events.DataVersions.parse(
                response.getHeaders().get(dev.quipu.contracts.events.DataVersions.HEADER));
        org.junit.jupiter.api.Assertions.assertEquals(java.util.Set.of("OFAC_SDN"), versions.keySet());
        org.junit.jupiter.api.Assertions.assertTrue(versions.get("OFAC_SDN").contains("sha256:"), versions.toString());
    }
}
