package dev.quipu.report.kyb;

import dev.quipu.report.checks.Check;
import dev.quipu.report.checks.CheckResult;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** docs/reports.md "Rules", kyb-1: one test per rule. */
class KybRulesTest {

    private static Check c(String id, CheckResult r) {
        return Check.of(id, r, id, List.of(), 10);
    }

    @Test
    void aListedIdentifierBlocksEvenWithoutARegistryRecord() {
        assertEquals("BLOCKED", KybRules.status(List.of(c("registry_found", CheckResult.FAIL), c("identifier_listed", CheckResult.FAIL))));
    }

    @Test
    void aListedRepresentativeBlocks() {
        assertEquals("BLOCKED", KybRules.status(List.of(c("registry_found", CheckResult.PASS), c("sanctions_representatives", CheckResult.FAIL))));
    }

    @Test
    void anUnknownIdentifierIsAtBestUnverified() {
        assertEquals("UNVERIFIED", KybRules.status(List.of(c("registry_found", CheckResult.FAIL), c("sanctions_entity", CheckResult.PASS))));
    }

    @Test
    void aStatusThatCannotBeVerifiedOrANameToReviewIsUnverified() {
        assertEquals("UNVERIFIED", KybRules.status(List.of(c("registry_found", CheckResult.PASS), c("registry_active", CheckResult.REVIEW))));
        assertEquals("UNVERIFIED", KybRules.status(List.of(c("registry_found", CheckResult.PASS), c("sanctions_entity", CheckResult.REVIEW))));
    }

    @Test
    void aDefinitiveEfosIsUnverifiedNotBlocked() {
        assertEquals("UNVERIFIED", KybRules.status(List.of(c("registry_found", CheckResult.PASS), c("sat_69b", CheckResult.FAIL))));
    }

    @Test
    void everyCheckPassingOrNotApplicableVerifies() {
        assertEquals("VERIFIED", KybRules.status(List.of(c("registry_found", CheckResult.PASS), c("registry_active", CheckResult.PASS),
                c("sanctions_partners", CheckResult.NOT_APPLICABLE))));
    }

    @Test
    void aListedIdentifierBlocksEvenWhenTheRegistryCannotAnswer() {
        assertEquals("BLOCKED", KybRules.status(List.of(c("registry_found", CheckResult.UNAVAILABLE), c("identifier_listed", CheckResult.FAIL))));
    }

    @Test
    void anUnavailablePartGivesNoStatus() {
        assertThrows(IllegalArgumentException.class, () -> KybRules.status(List.of(c("registry_found", CheckResult.UNAVAILABLE))));
    }
}
