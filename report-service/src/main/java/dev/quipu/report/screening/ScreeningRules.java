package dev.quipu.report.screening;

import dev.quipu.report.checks.Check;
import dev.quipu.report.checks.CheckResult;

import java.util.List;

/**
 * The decision of a screening from its checks (docs/reports.md "Rules", version {@value #VERSION}): the
 * same checks always give the same verdict.
 * <ol>
 * <li>any check {@code fail} → {@code BLOCKED};</li>
 * <li>else any check {@code review} → {@code REVIEW};</li>
 * <li>else → {@code CLEAR}.</li>
 * </ol>
 * A check {@code unavailable} never reaches here: the report answers 503 instead.
 */
public final class ScreeningRules {

    public static final String VERSION = "screening-1";

    private ScreeningRules() {
    }

    public static String verdict(List<Check> checks) {
        if (checks.stream().anyMatch(c -> c.is(CheckResult.UNAVAILABLE))) {
            throw new IllegalArgumentException("no verdict without every part: " + checks);
        }
        if (checks.stream().anyMatch(c -> c.is(CheckResult.FAIL))) {
            return "BLOCKED";
        }
        if (checks.stream().anyMatch(c -> c.is(CheckResult.REVIEW))) {
            return "REVIEW";
        }
        return "CLEAR";
    }
}
