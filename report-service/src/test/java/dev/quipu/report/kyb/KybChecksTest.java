package dev.quipu.report.kyb;

import dev.quipu.report.checks.Check;
import dev.quipu.report.parts.PartAnswer;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The KYB checks read off the parts' documented answers (registry-service /entity, sanctions-service /sanctions). */
class KybChecksTest {

    private static PartAnswer registry(String normalised, String wording, List<Map<String, Object>> listings) {
        Map<String, Object> status = new java.util.HashMap<>();
        status.put("normalised", normalised);
        status.put("registry_wording", wording);
        return new PartAnswer("registry-service", Map.of("razon_social", "GEODAL ASOCIADOS, S.A. DE C.V.", "company",
                Map.of("status", status, "representatives", List.of(), "partners", List.of()), "listings", listings,
                "sources", List.of(Map.of("id", "mx.sat.69b", "cut_off", "2022-11-30", "sha256", "ab"))), null, "11");
    }

    private static PartAnswer sanctions(String category, List<Map<String, Object>> matches) {
        return new PartAnswer("sanctions-service", Map.of("risk_category", category, "matches", matches, "lists_checked", List.of()), null, "22");
    }

    @Test
    void anActiveStatusPassesAndADissolvedOneFails() {
        assertEquals("pass", KybChecks.registryActive(registry("active", "ATIVA", List.of())).result());
        assertEquals("fail", KybChecks.registryActive(registry("dissolved", "BAIXADA", List.of())).result());
    }

    @Test
    void aStatusNoSourcePublishesIsForReview() {
        Check c = KybChecks.registryActive(registry("unknown", null, List.of()));
        assertEquals("review", c.result());
        assertTrue(c.summary().contains("could not be verified"), c.summary());
    }

    @Test
    void aMatchOnTheIdentifierFailsIdentifierListedWhateverTheName() {
        Map<String, Object> hit = Map.of("list", "OFAC_SDN", "matched_name", "GRAJALES S.A.", "entity_id", "OFAC_SDN:3083",
                "explanation", Map.of("features", Map.of("identifier", Map.of("score", 0.95))));
        assertEquals("fail", KybChecks.identifierListed("800.018.928-0", sanctions("HIGH", List.of(hit))).result());
        Map<String, Object> byName = Map.of("list", "UN", "matched_name", "X", "entity_id", "UN:1",
                "explanation", Map.of("features", Map.of("name", Map.of("score", 0.9))));
        assertEquals("pass", KybChecks.identifierListed("800.018.928-0", sanctions("MEDIUM", List.of(byName))).result());
    }

    @Test
    void theArticle69BSituationDecidesSat69b() {
        assertEquals("fail", KybChecks.sat69b(registry("unknown", null, List.of(Map.of("list", "SAT Art. 69-B (EFOS)", "status", "Definitivo",
                "list_cut_off", "2022-11-30")))).result());
        assertEquals("review", KybChecks.sat69b(registry("unknown", null, List.of(Map.of("list", "SAT Art. 69-B (EFOS)", "status", "Presunto",
                "list_cut_off", "2022-11-30")))).result());
        assertEquals("pass", KybChecks.sat69b(registry("unknown", null, List.of())).result());
    }

    @Test
    void sunatsDomicileConditionDecidesSunatHabido() {
        assertEquals("pass", KybChecks.sunatHabido(registry("active", "ACTIVO", List.of(Map.of("list", "SUNAT — Condición de domicilio",
                "status", "HABIDO")))).result());
        assertEquals("fail", KybChecks.sunatHabido(registry("active", "ACTIVO", List.of(Map.of("list", "SUNAT — Condición de domicilio",
                "status", "NO HABIDO")))).result());
        assertEquals("not_applicable", KybChecks.sunatHabido(registry("unknown", null, List.of())).result());
    }

    @Test
    void noPublishedRepresentativesIsNotApplicable() {
        assertEquals("not_applicable", KybChecks.names("sanctions_representatives", List.of(), "its legal representatives").result());
    }

    @Test
    void theNitIsScreenedWithAndWithoutItsCheckDigit() {
        List<String> ids = KybAssessment.identifiers(Map.of("tax_id", Map.of("type", "nit", "normalised", "8000189280",
                "formatted", "800.018.928-0")), "800018928-0");
        assertEquals(List.of("800018928-0", "8000189280", "800.018.928-0", "800018928"), ids);
    }
}
