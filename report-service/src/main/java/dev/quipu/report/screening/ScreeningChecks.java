package dev.quipu.report.screening;

import dev.quipu.report.checks.Check;
import dev.quipu.report.checks.CheckResult;
import dev.quipu.report.checks.Evidence;
import dev.quipu.report.parts.PartAnswer;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The checks of a name screening, read from sanctions-service's answer: {@code sanctions_name} fails on a
 * HIGH match (an exact or near-exact listed name), asks for review on a MEDIUM or LOW one, passes when no
 * listed name reaches the threshold. Evidence: every list checked, with its publication date and version.
 */
public final class ScreeningChecks {

    public static final String SANCTIONS_NAME = "sanctions_name";

    private ScreeningChecks() {
    }

    public static Check sanctionsName(String name, PartAnswer sanctions) {
        String category = String.valueOf(sanctions.body().get("risk_category"));
        List<Map<String, Object>> matches = list(sanctions.body().get("matches"));
        List<Evidence> evidence = listsChecked(sanctions);
        if (matches.isEmpty() || category.equals("NONE")) {
            return Check.of(SANCTIONS_NAME, CheckResult.PASS, "No name on the " + evidence.size()
                    + " lists checked reaches the match threshold for \"" + name + "\".", evidence, 100);
        }
        Map<String, Object> best = matches.get(0);
        String found = "\"" + best.get("matched_name") + "\" on " + best.get("list") + " (entity " + best.get("entity_id")
                + ", score " + best.get("score") + ")";
        return category.equals("HIGH")
                ? Check.of(SANCTIONS_NAME, CheckResult.FAIL, "\"" + name + "\" matches " + found + ".", evidence, 100)
                : Check.of(SANCTIONS_NAME, CheckResult.REVIEW, "\"" + name + "\" resembles " + found + " (" + matches.size()
                        + " possible match" + (matches.size() == 1 ? "" : "es") + "); a person must decide.", evidence, 100);
    }

    /** How a screening reads: HIGH → fail, MEDIUM or LOW → review, no match → pass. */
    public static CheckResult resultOf(PartAnswer sanctions) {
        String category = String.valueOf(sanctions.body().get("risk_category"));
        if (list(sanctions.body().get("matches")).isEmpty() || category.equals("NONE")) {
            return CheckResult.PASS;
        }
        return category.equals("HIGH") ? CheckResult.FAIL : CheckResult.REVIEW;
    }

    /** The best match of a screening in words, e.g. {@code "RODRIGUEZ OREJUELA, Gilberto Jose" on OFAC_SDN (…)}. */
    public static String bestMatch(PartAnswer sanctions) {
        List<Map<String, Object>> matches = list(sanctions.body().get("matches"));
        if (matches.isEmpty()) {
            return "no match";
        }
        Map<String, Object> best = matches.get(0);
        return "\"" + best.get("matched_name") + "\" on " + best.get("list") + " (entity " + best.get("entity_id") + ", score "
                + best.get("score") + ")";
    }

    /** One evidence entry per list sanctions-service checked, as it dated and versioned them. */
    public static List<Evidence> listsChecked(PartAnswer sanctions) {
        List<Evidence> out = new ArrayList<>();
        for (Map<String, Object> l : list(sanctions.body().get("lists_checked"))) {
            out.add(new Evidence(sanctions.part() + ": " + l.get("list"), text(l.get("source")), text(l.get("published_at")),
                    text(l.get("sha256"))));
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    public static List<Map<String, Object>> list(Object o) {
        return o instanceof List<?> l ? (List<Map<String, Object>>) l : List.of();
    }

    private static String text(Object o) {
        return o == null ? null : String.valueOf(o);
    }
}
