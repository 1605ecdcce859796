package dev.quipu.registry.lookup;

import dev.quipu.registry.company.Confidence;
import dev.quipu.registry.company.SourceRef;

import java.time.Duration;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;

/**
 * The one rule behind {@code data_confidence} (docs/registry.md):
 * <ul>
 * <li>HIGH: an official registry record, within the source's publication cycle, complete for what the
 *     registry publishes and consistent with the identifier;</li>
 * <li>MEDIUM: an official registry record past its cycle (an older bulk cut-off, a bundled sample, a
 *     kept live answer past the cycle), or a partial record (a ranking, a register of constitutions, a
 *     mirror of the registry);</li>
 * <li>LOW: only the identifier's validity, or the company's presence on (or absence from) a list.</li>
 * </ul>
 */
public final class ConfidenceRule {

    private ConfidenceRule() {
    }

    /**
     * @param primary  the source the company's name and status came from
     * @param cycle    how often the source publishes (RUES live: a day; RFB: a month; SII: a year)
     * @param partial  whether the source publishes only part of a registry record
     * @param today    the caller's clock's date
     */
    public static Confidence registryRecord(SourceRef primary, Duration cycle, boolean partial, LocalDate today) {
        LocalDate asOf = primary.cutOff();
        if (asOf == null) {
            return Confidence.medium(primary.name() + " states no cut-off date");
        }
        long ageDays = ChronoUnit.DAYS.between(asOf, today);
        // a day's slack: publishers' days are local
        boolean current = ageDays <= cycle.toDays() + 1;
        String age = "cut-off " + asOf + " (" + ageDays + " days old; published every " + describe(cycle) + ")";
        if (!primary.official()) {
            return Confidence.medium(primary.name() + " mirrors the official registry, " + age);
        }
        if (partial) {
            return Confidence.medium(primary.name() + " publishes part of the registry record, " + age);
        }
        if (!current) {
            return Confidence.medium(primary.name() + ": older than its publication cycle, " + age);
        }
        return Confidence.high(primary.name() + ": official registry record within its publication cycle, " + age);
    }

    /** Only the identifier's check digit and list presence or absence are known. */
    public static Confidence identifierAndLists(String what) {
        return Confidence.low(what);
    }

    static String describe(Duration cycle) {
        long days = cycle.toDays();
        if (days <= 1) {
            return "day";
        }
        if (days <= 7) {
            return "week";
        }
        if (days <= 31) {
            return "month";
        }
        return days + " days";
    }
}
