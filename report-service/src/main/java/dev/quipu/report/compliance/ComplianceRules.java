package dev.quipu.report.compliance;

import dev.quipu.report.checks.Check;
import dev.quipu.report.checks.CheckResult;

import java.util.List;
import java.util.Set;

/**
 * The compliance report's overall status by purpose (docs/reports.md "Rules", version {@value #VERSION}):
 * <ol>
 * <li>a sanctions check fails (listed identifier, company, representative or partner) → {@code FAIL}, for every purpose;</li>
 * <li>{@code transaction}: the sanctions checks decide — any for review → {@code REVIEW}, else {@code PASS} (the
 *     registry's checks inform, they do not hold a payment);</li>
 * <li>{@code onboarding} and {@code periodic_review}: any check failing or for review → {@code REVIEW}, else
 *     {@code PASS}; a periodic review also goes to {@code REVIEW} when a check got worse since the previous report.</li>
 * </ol>
 */
public final class ComplianceRules {

    public static final String VERSION = "compliance-1";
    static final Set<String> SANCTIONS = Set.of("identifier_listed", "sanctions_entity", "sanctions_representatives", "sanctions_partners");

    private ComplianceRules() {
    }

    public static String status(String purpose, List<Check> checks, boolean worseSincePrevious) {
        if (checks.stream().anyMatch(c -> SANCTIONS.contains(c.id()) && c.is(CheckResult.FAIL))) {
            return "FAIL";
        }
        if (purpose.equals("transaction")) {
            return checks.stream().anyMatch(c -> SANCTIONS.contains(c.id()) && c.is(CheckResult.REVIEW)) ? "REVIEW" : "PASS";
        }
        boolean open = checks.stream().anyMatch(c -> c.is(CheckResult.FAIL) || c.is(CheckResult.REVIEW) || c.is(CheckResult.UNAVAILABLE));
        return open || worseSincePrevious ? "REVIEW" : "PASS";
    }

    /** What the agent should do, in one sentence. */
    public static String recommendation(String status, String purpose) {
        return switch (status) {
            case "FAIL" -> "Do not proceed: a sanctions list names this entity, its identifier or a person behind it; escalate to your compliance officer.";
            case "REVIEW" -> switch (purpose) {
                case "transaction" -> "Hold the transaction until a person has reviewed the possible sanctions matches.";
                case "periodic_review" -> "Review the open checks and what changed since the previous report before continuing the relationship.";
                default -> "Complete due diligence by hand for the open checks before onboarding.";
            };
            default -> switch (purpose) {
                case "transaction" -> "Proceed: no sanctions list names the entity, its identifier or the people the registry publishes.";
                case "periodic_review" -> "Continue the relationship: nothing failed and nothing got worse since the previous report.";
                default -> "Proceed with onboarding: the registry verifies the entity and no sanctions list names it.";
            };
        };
    }
}
