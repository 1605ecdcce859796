package dev.quipu.report.defi;

import dev.quipu.report.checks.Check;
import dev.quipu.report.checks.CheckResult;
import dev.quipu.report.checks.Evidence;
import dev.quipu.report.kyb.KybAssessment;
import dev.quipu.report.parts.PartAnswer;
import dev.quipu.report.screening.ScreeningChecks;
import io.micronaut.core.annotation.Nullable;

import java.util.List;
import java.util.Map;

/** The checks of a DeFi report: the wallet against the lists' digital-currency addresses, and the entity's KYB. */
final class DefiChecks {

    private DefiChecks() {
    }

    /** sanctions-service's recommended action: BLOCK → fail, REVIEW → review, ALLOW → pass. */
    static Check walletListed(@Nullable String wallet, @Nullable PartAnswer screen) {
        if (wallet == null) {
            return Check.of("wallet_listed", CheckResult.NOT_APPLICABLE, "No wallet was given.", List.of(), 100);
        }
        String action = String.valueOf(screen.body().get("recommended_action"));
        List<Map<String, Object>> matches = ScreeningChecks.list(screen.body().get("matches"));
        List<Evidence> evidence = ScreeningChecks.listsChecked(screen);
        return switch (action) {
            case "BLOCK" -> Check.of("wallet_listed", CheckResult.FAIL, wallet + " is listed: " + (matches.isEmpty() ? "" : matches.get(0).get("list")
                    + " " + matches.get(0).get("address") + (matches.get(0).get("name") == null ? "" : " (" + matches.get(0).get("name") + ")"))
                    + ".", evidence, 100);
            case "REVIEW" -> Check.of("wallet_listed", CheckResult.REVIEW, wallet + ": sanctions-service recommends a review.", evidence, 100);
            default -> Check.of("wallet_listed", CheckResult.PASS, wallet + " is on no list's digital-currency addresses.", evidence, 100);
        };
    }

    /** The entity's KYB status: BLOCKED → fail, UNVERIFIED → review, VERIFIED → pass. */
    static Check entityKyb(@Nullable String entityId, String country, @Nullable KybAssessment.Assessed kyb) {
        if (entityId == null) {
            return Check.of("entity_kyb", CheckResult.NOT_APPLICABLE, "No entity was given.", List.of(), 100);
        }
        if (kyb == null) {
            return Check.of("entity_kyb", CheckResult.REVIEW, "No registry for " + country + ": the entity " + entityId
                    + " could not be checked.", List.of(), 100);
        }
        CheckResult r = switch (kyb.status()) {
            case "BLOCKED" -> CheckResult.FAIL;
            case "VERIFIED" -> CheckResult.PASS;
            default -> CheckResult.REVIEW;
        };
        return Check.of("entity_kyb", r, "The KYB of " + entityId + " is " + kyb.status() + " (" + kyb.checks().size()
                + " checks, rules kyb-1).", List.of(), 100);
    }
}
