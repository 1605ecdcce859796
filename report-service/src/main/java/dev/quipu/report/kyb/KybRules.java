package dev.quipu.report.kyb;

import dev.quipu.report.checks.Check;
import dev.quipu.report.checks.CheckResult;

import java.util.List;
import java.util.Set;

/**
 * The KYB decision (docs/reports.md "Rules", version {@value #VERSION}); the same checks always give the same
 * status.
 * <ol>
 * <li>a sanctions check fails (identifier_listed, sanctions_entity, sanctions_representatives,
 *     sanctions_partners) → {@code BLOCKED}, whatever the registry says, even when it could not answer;</li>
 * <li>else any other check fails or asks for review → {@code UNVERIFIED} (registry_found failing is a
 *     finding: at best UNVERIFIED);</li>
 * <li>else → {@code VERIFIED}.</li>
 * </ol>
 * Otherwise a check {@code unavailable} gives no status: the report answers 503.
 */
public final class KybRules {

    public static final String VERSION = "kyb-1";
    static final Set<String> BLOCKING = Set.of("identifier_listed", "sanctions_entity", "sanctions_representatives", "sanctions_partners");

    private KybRules() {
    }

    public static String status(List<Check> checks) {
        if (checks.stream().anyMatch(c -> BLOCKING.contains(c.id()) && c.is(CheckResult.FAIL))) {
            return "BLOCKED";
        }
        if (checks.stream().anyMatch(c -> c.is(CheckResult.UNAVAILABLE))) {
            throw new IllegalArgumentException("no verdict without every part: " + checks);
        }
        if (checks.stream().anyMatch(c -> c.is(CheckResult.FAIL) || c.is(CheckResult.REVIEW))) {
            return "UNVERIFIED";
        }
        return "VERIFIED";
    }
}
