package dev.quipu.report.screening;

import dev.quipu.report.checks.Check;
import dev.quipu.report.checks.CheckResult;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** docs/reports.md "Rules", screening-1: one test per rule. */
class ScreeningRulesTest {

    private static Check check(String id, CheckResult r) {
        return Check.of(id, r, id + " " + r.code(), List.of(), 100);
    }

    @Test
    void aFailedCheckBlocksWhateverElseHolds() {
        assertEquals("BLOCKED", ScreeningRules.verdict(List.of(check("a", CheckResult.PASS), check("b", CheckResult.FAIL),
                check("c", CheckResult.REVIEW))));
    }

    @Test
    void aCheckForReviewWithoutFailuresIsReview() {
        assertEquals("REVIEW", ScreeningRules.verdict(List.of(check("a", CheckResult.PASS), check("b", CheckResult.REVIEW))));
    }

    @Test
    void passingAndNotApplicableChecksClear() {
        assertEquals("CLEAR", ScreeningRules.verdict(List.of(check("a", CheckResult.PASS), check("b", CheckResult.NOT_APPLICABLE))));
    }

    @Test
    void anUnavailableCheckGivesNoVerdict() {
        assertThrows(IllegalArgumentException.class, () -> ScreeningRules.verdict(List.of(check("a", CheckResult.UNAVAILABLE))));
    }
}
