package dev.quipu.report.defi;

import dev.quipu.report.checks.Check;
import dev.quipu.report.checks.CheckResult;
import dev.quipu.report.parts.PartAnswer;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** docs/reports.md "Rules", defi-1, and the wallet check read off sanctions-service's /wallet/screen answer. */
class DefiRulesTest {

    private static Check c(String id, CheckResult r) {
        return Check.of(id, r, id, List.of(), 100);
    }

    @Test
    void aListedWalletBlocksWhateverElseHolds() {
        assertEquals("BLOCKED", DefiRules.clearance(List.of(c("wallet_listed", CheckResult.FAIL), c("entity_kyb", CheckResult.PASS))));
    }

    @Test
    void aBlockedEntityBlocks() {
        assertEquals("BLOCKED", DefiRules.clearance(List.of(c("wallet_listed", CheckResult.NOT_APPLICABLE), c("entity_kyb", CheckResult.FAIL))));
    }

    @Test
    void anUnverifiedEntityIsForReview() {
        assertEquals("REVIEW", DefiRules.clearance(List.of(c("wallet_listed", CheckResult.PASS), c("entity_kyb", CheckResult.REVIEW))));
    }

    @Test
    void aCleanWalletAndAVerifiedEntityAreApproved() {
        assertEquals("APPROVED", DefiRules.clearance(List.of(c("wallet_listed", CheckResult.PASS), c("entity_kyb", CheckResult.PASS))));
    }

    @Test
    void theWalletCheckFollowsTheRecommendedAction() {
        PartAnswer block = new PartAnswer("sanctions-service", Map.of("recommended_action", "BLOCK", "matches",
                List.of(Map.of("list", "OFAC_SDN", "address", "0x2f389ce8bd8ff92de3402ffce4691d17fc4f6535")), "lists_checked", List.of()), null, "1");
        PartAnswer allow = new PartAnswer("sanctions-service", Map.of("recommended_action", "ALLOW", "matches", List.of(),
                "lists_checked", List.of()), null, "2");
        assertEquals("fail", DefiChecks.walletListed("0x2F38…", block).result());
        assertEquals("pass", DefiChecks.walletListed("0x0000…01", allow).result());
        assertEquals("not_applicable", DefiChecks.walletListed(null, null).result());
    }
}
