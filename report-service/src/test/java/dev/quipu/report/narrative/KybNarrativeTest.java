package dev.quipu.report.narrative;

import dev.quipu.report.checks.Check;
import dev.quipu.report.checks.CheckResult;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The KYB narrative: a sentence per check in every language, traced to its check, stating only the facts given. */
class KybNarrativeTest {

    private final KybNarrative narrative = new KybNarrative();

    @Test
    void everyCheckAndResultTheRulesProduceHasASentenceInEveryLanguage() {
        Map<String, List<CheckResult>> produced = Map.of(
                "registry_found", List.of(CheckResult.PASS, CheckResult.FAIL, CheckResult.UNAVAILABLE),
                "registry_active", List.of(CheckResult.PASS, CheckResult.FAIL, CheckResult.REVIEW, CheckResult.NOT_APPLICABLE),
                "identifier_listed", List.of(CheckResult.PASS, CheckResult.FAIL),
                "sanctions_entity", List.of(CheckResult.PASS, CheckResult.FAIL, CheckResult.REVIEW),
                "sanctions_representatives", List.of(CheckResult.PASS, CheckResult.FAIL, CheckResult.REVIEW, CheckResult.NOT_APPLICABLE),
                "sanctions_partners", List.of(CheckResult.PASS, CheckResult.FAIL, CheckResult.REVIEW, CheckResult.NOT_APPLICABLE),
                "sat_69b", List.of(CheckResult.PASS, CheckResult.FAIL, CheckResult.REVIEW, CheckResult.NOT_APPLICABLE),
                "sunat_habido", List.of(CheckResult.PASS, CheckResult.FAIL, CheckResult.NOT_APPLICABLE),
                "name_matches", List.of(CheckResult.PASS, CheckResult.FAIL, CheckResult.REVIEW, CheckResult.NOT_APPLICABLE));
        produced.forEach((id, results) -> results.forEach(r -> assertTrue(narrative.covers(id, r.code()), id + "." + r.code())));
    }

    @Test
    void aBlockedKybSaysWhyInSpanishWithTheListedNameAndTracesEachSentence() {
        List<Check> checks = List.of(Check.of("registry_found", CheckResult.FAIL, "x", List.of(), 30),
                Check.of("identifier_listed", CheckResult.FAIL, "x", List.of(), 100));
        KybNarrative.Facts facts = new KybNarrative.Facts("800.018.928-0", null,
                Map.of("identifier_listed", "\"GRAJALES S.A.\" (OFAC_SDN, OFAC_SDN:3083)"));

        List<Sentence> s = narrative.of(checks, facts, "BLOCKED", "kyb-1", Language.ES);

        assertEquals(List.of("registry_found", "identifier_listed", "verdict"), s.stream().map(Sentence::check).toList());
        assertEquals("Ninguna fuente de registro conoce 800.018.928-0.", s.get(0).text());
        assertEquals("El identificador figura en una lista de sanciones: \"GRAJALES S.A.\" (OFAC_SDN, OFAC_SDN:3083).", s.get(1).text());
        assertEquals("Estado KYB: BLOCKED (reglas kyb-1).", s.get(2).text());
    }

    @Test
    void apostrophesOfTheEnglishTemplatesSurvive() {
        List<Sentence> s = narrative.of(List.of(Check.of("sanctions_entity", CheckResult.PASS, "x", List.of(), 100)),
                new KybNarrative.Facts("1", "A", Map.of()), "VERIFIED", "kyb-1", Language.EN);
        assertEquals("The company's name matches no sanctions list.", s.get(0).text());
    }
}
