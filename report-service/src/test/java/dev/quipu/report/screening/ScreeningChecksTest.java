package dev.quipu.report.screening;

import dev.quipu.report.checks.Check;
import dev.quipu.report.parts.PartAnswer;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** sanctions_name read off sanctions-service's answer (its documented shape: risk_category, matches, lists_checked). */
class ScreeningChecksTest {

    private static final List<Map<String, Object>> LISTS = List.of(
            Map.of("list", "OFAC_SDN", "published_at", "2025-11-19T00:00:00Z", "sha256", "aa11", "source", "https://sanctionslist.ofac.treas.gov"),
            Map.of("list", "UN", "published_at", "2026-02-27T00:00:00Z", "sha256", "bb22"));

    private static PartAnswer answer(String category, List<Map<String, Object>> matches) {
        return new PartAnswer("sanctions-service", Map.of("risk_category", category, "risk_score", 0, "matches", matches,
                "lists_checked", LISTS), "OFAC_SDN=x", "ff00");
    }

    private static Map<String, Object> match(String list, String name, double score) {
        return Map.of("list", list, "matched_name", name, "entity_id", "6907993", "score", score);
    }

    @Test
    void noMatchPasses() {
        Check c = ScreeningChecks.sanctionsName("Ecopetrol S.A.", answer("NONE", List.of()));
        assertEquals("pass", c.result());
    }

    @Test
    void aHighMatchFailsNamingTheListedEntity() {
        Check c = ScreeningChecks.sanctionsName("Eric Badege", answer("HIGH", List.of(match("UN", "BADEGE, Eric", 1.0))));
        assertEquals("fail", c.result());
        assertTrue(c.summary().contains("BADEGE, Eric") && c.summary().contains("UN"), c.summary());
    }

    @Test
    void aMediumOrLowMatchAsksForReview() {
        assertEquals("review", ScreeningChecks.sanctionsName("Erik Badegi", answer("MEDIUM", List.of(match("UN", "BADEGE, Eric", 0.88)))).result());
        assertEquals("review", ScreeningChecks.sanctionsName("Erik Badegi", answer("LOW", List.of(match("UN", "BADEGE, Eric", 0.8)))).result());
    }

    @Test
    void everyListCheckedIsEvidenceWithItsDateAndVersion() {
        Check c = ScreeningChecks.sanctionsName("Ecopetrol S.A.", answer("NONE", List.of()));
        assertEquals(2, c.evidence().size());
        assertEquals("sanctions-service: OFAC_SDN", c.evidence().get(0).source());
        assertEquals("2025-11-19T00:00:00Z", c.evidence().get(0).asOf());
        assertEquals("aa11", c.evidence().get(0).version());
    }
}
