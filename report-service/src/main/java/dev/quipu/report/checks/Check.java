package dev.quipu.report.checks;

import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

import java.util.List;

/**
 * One fact compared against an authoritative record (docs/reports.md "Checks").
 *
 * @param id       stable, e.g. {@code sanctions_name}
 * @param result   {@code pass}, {@code fail}, {@code review}, {@code not_applicable} or {@code unavailable}
 * @param summary  one sentence, in English, saying what was compared and what was found
 * @param weight   how much the check counts in {@code risk_score} (0–100)
 */
@Serdeable(naming = SnakeCaseStrategy.class)
public record Check(String id, String result, String summary, List<Evidence> evidence, int weight) {

    public static Check of(String id, CheckResult result, String summary, List<Evidence> evidence, int weight) {
        return new Check(id, result.code(), summary, List.copyOf(evidence), weight);
    }

    public boolean is(CheckResult r) {
        return result.equals(r.code());
    }
}
