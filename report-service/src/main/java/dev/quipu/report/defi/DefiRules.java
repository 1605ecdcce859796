package dev.quipu.report.defi;

import dev.quipu.report.checks.Check;
import dev.quipu.report.checks.CheckResult;

import java.util.List;

/**
 * The DeFi clearance (docs/reports.md "Rules", version {@value #VERSION}):
 * <ol>
 * <li>{@code wallet_listed} or {@code entity_kyb} fails (a listed wallet, a BLOCKED entity) → {@code BLOCKED},
 *     whatever else holds;</li>
 * <li>else any check for review → {@code REVIEW};</li>
 * <li>else → {@code APPROVED}.</li>
 * </ol>
 */
public final class DefiRules {

    public static final String VERSION = "defi-1";

    private DefiRules() {
    }

    public static String clearance(List<Check> checks) {
        if (checks.stream().anyMatch(c -> c.is(CheckResult.FAIL))) {
            return "BLOCKED";
        }
        if (checks.stream().anyMatch(c -> c.is(CheckResult.REVIEW))) {
            return "REVIEW";
        }
        return "APPROVED";
    }
}
