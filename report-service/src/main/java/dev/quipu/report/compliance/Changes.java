package dev.quipu.report.compliance;

import dev.quipu.report.checks.Check;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** What changed in a periodic review since the agent's previous report on the same entity: each check whose result moved. */
final class Changes {

    private Changes() {
    }

    @Serdeable(naming = SnakeCaseStrategy.class)
    record Change(String check, String before, String after, boolean worse) {
    }

    @SuppressWarnings("unchecked")
    static List<Change> between(List<Map<String, Object>> previousChecks, List<Check> current) {
        Map<String, String> before = new HashMap<>();
        for (Map<String, Object> c : previousChecks) {
            before.put(String.valueOf(c.get("id")), String.valueOf(c.get("result")));
        }
        List<Change> out = new ArrayList<>();
        for (Check c : current) {
            String was = before.getOrDefault(c.id(), "absent");
            if (!was.equals(c.result())) {
                out.add(new Change(c.id(), was, c.result(), rank(c.result()) > rank(was)));
            }
        }
        return out;
    }

    /** pass and not applicable < review and unavailable < fail. */
    static int rank(String result) {
        return switch (result) {
            case "fail" -> 2;
            case "review", "unavailable" -> 1;
            default -> 0;
        };
    }
}
