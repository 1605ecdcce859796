package dev.quipu.report.narrative;

import dev.quipu.report.checks.Check;
import dev.quipu.report.checks.CheckResult;
import dev.quipu.report.checks.Evidence;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The narrative is written from the checks, one sentence per check plus the verdict, in en, es or pt. */
class NarrativeTest {

    private static final List<Check> CLEAN = List.of(Check.of("sanctions_name", CheckResult.PASS, "no match",
            List.of(new Evidence("sanctions-service: OFAC_SDN", null, "2025-11-19T00:00:00Z", "aa")), 100));

    @Test
    void everySentenceNamesTheCheckItSays() {
        List<Sentence> s = ScreeningNarrative.of("Ecopetrol S.A.", CLEAN, "CLEAR", "screening-1", Language.EN);
        assertEquals(List.of("sanctions_name", "verdict"), s.stream().map(Sentence::check).toList());
        assertTrue(s.get(0).text().contains("OFAC_SDN 2025-11-19"), s.get(0).text());
    }

    @Test
    void spanishAndPortugueseAreWrittenInTheirLanguage() {
        assertTrue(ScreeningNarrative.text(ScreeningNarrative.of("X", CLEAN, "CLEAR", "screening-1", Language.ES))
                .contains("no coincide con ningún nombre"));
        assertTrue(ScreeningNarrative.text(ScreeningNarrative.of("X", CLEAN, "CLEAR", "screening-1", Language.PT))
                .contains("não coincide com nenhum nome"));
    }

    @Test
    void acceptLanguagePicksTheMostPreferredSupportedLanguage() {
        assertEquals(Language.ES, Language.from("es-CO,es;q=0.9,en;q=0.8"));
        assertEquals(Language.PT, Language.from("fr-FR, pt-BR;q=0.9, en;q=0.5"));
        assertEquals(Language.EN, Language.from("de-DE"));
        assertEquals(Language.EN, Language.from(null));
        assertEquals(Language.EN, Language.from("es;q=0.2, en;q=0.9"));
    }
}
