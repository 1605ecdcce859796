package dev.quipu.report.compliance;

import dev.quipu.report.checks.Check;
import dev.quipu.report.checks.CheckResult;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** docs/reports.md "Rules", compliance-1, by purpose; and the changes a periodic review reports. */
class ComplianceRulesTest {

    private static Check c(String id, CheckResult r) {
        return Check.of(id, r, id, List.of(), 10);
    }

    @Test
    void aSanctionsFailureFailsEveryPurpose() {
        for (String purpose : List.of("onboarding", "transaction", "periodic_review")) {
            assertEquals("FAIL", ComplianceRules.status(purpose, List.of(c("sanctions_entity", CheckResult.FAIL)), false), purpose);
        }
    }

    @Test
    void aTransactionIsDecidedBySanctionsAlone() {
        assertEquals("PASS", ComplianceRules.status("transaction", List.of(c("registry_active", CheckResult.REVIEW),
                c("sanctions_entity", CheckResult.PASS)), false));
        assertEquals("REVIEW", ComplianceRules.status("transaction", List.of(c("sanctions_partners", CheckResult.REVIEW)), false));
    }

    @Test
    void onboardingNeedsEveryCheckClear() {
        assertEquals("REVIEW", ComplianceRules.status("onboarding", List.of(c("registry_active", CheckResult.REVIEW)), false));
        assertEquals("PASS", ComplianceRules.status("onboarding", List.of(c("registry_active", CheckResult.PASS),
                c("sanctions_partners", CheckResult.NOT_APPLICABLE)), false));
    }

    @Test
    void aPeriodicReviewWithACheckWorseThanBeforeIsReview() {
        assertEquals("REVIEW", ComplianceRules.status("periodic_review", List.of(c("registry_active", CheckResult.PASS)), true));
    }

    @Test
    void changesListEveryCheckWhoseResultMovedAndWhetherItGotWorse() {
        List<Changes.Change> changes = Changes.between(List.of(Map.of("id", "registry_active", "result", "pass"),
                Map.of("id", "sanctions_entity", "result", "review")), List.of(c("registry_active", CheckResult.FAIL),
                c("sanctions_entity", CheckResult.PASS), c("sat_69b", CheckResult.PASS)));
        assertEquals(3, changes.size());
        assertEquals(new Changes.Change("registry_active", "pass", "fail", true), changes.get(0));
        assertEquals(new Changes.Change("sanctions_entity", "review", "pass", false), changes.get(1));
        assertEquals(new Changes.Change("sat_69b", "absent", "pass", false), changes.get(2));
    }

    @Test
    void theFrameworkMapsChecksToCitationsAndSaysItIsNoCertification() {
        ComplianceFrameworks.Framework co = ComplianceFrameworks.of("CO");
        assertTrue(co.note().contains("not a certification"));
        assertTrue(co.rules().stream().anyMatch(r -> r.citation().startsWith("FATF Recommendation 10")));
        assertTrue(co.rules().stream().anyMatch(r -> r.citation().contains("SARLAFT")));
        assertTrue(ComplianceFrameworks.of("MX").rules().stream().anyMatch(r -> r.checks().contains("sat_69b")));
        assertTrue(ComplianceFrameworks.of("PE").rules().stream().anyMatch(r -> r.citation().contains("789-2018")));
    }
}
