package dev.quipu.reputation.budget;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.TemporalAdjusters;
import java.util.Locale;
import java.util.Optional;

/** Budget periods, in UTC: a day, an ISO week from Monday, a calendar month, or the whole lifetime. */
public enum Period {
    DAILY, WEEKLY, MONTHLY, TOTAL;

    public static Optional<Period> parse(String text) {
        try {
            return Optional.of(valueOf(text.toUpperCase(Locale.ROOT)));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Start of the period containing {@code now}; {@code setAt} for TOTAL. */
    public Instant start(Instant now, Instant setAt) {
        LocalDate day = now.atZone(ZoneOffset.UTC).toLocalDate();
        return switch (this) {
            case DAILY -> day.atStartOfDay().toInstant(ZoneOffset.UTC);
            case WEEKLY -> day.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY)).atStartOfDay().toInstant(ZoneOffset.UTC);
            case MONTHLY -> day.withDayOfMonth(1).atStartOfDay().toInstant(ZoneOffset.UTC);
            case TOTAL -> setAt;
        };
    }

    /** When the period that started at {@code start} ends, or null for TOTAL. */
    public Instant end(Instant start) {
        LocalDate day = start.atZone(ZoneOffset.UTC).toLocalDate();
        return switch (this) {
            case DAILY -> day.plusDays(1).atStartOfDay().toInstant(ZoneOffset.UTC);
            case WEEKLY -> day.plusWeeks(1).atStartOfDay().toInstant(ZoneOffset.UTC);
            case MONTHLY -> day.plusMonths(1).atStartOfDay().toInstant(ZoneOffset.UTC);
            case TOTAL -> null;
        };
    }
}
