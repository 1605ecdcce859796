package dev.quipu.sanctions.lists;

import io.micronaut.core.annotation.Nullable;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A date known to the year, the month or the day. */
public record PartialDate(int year, @Nullable Integer month, @Nullable Integer day) {

    private static final Pattern ISO = Pattern.compile("(\\d{4})(?:-(\\d{1,2})(?:-(\\d{1,2}))?)?");

    public static PartialDate ofYear(int year) {
        return new PartialDate(year, null, null);
    }

    /** Parses {@code YYYY}, {@code YYYY-MM} or {@code YYYY-MM-DD}; zero month or day counts as unknown. */
    public static Optional<PartialDate> parseIso(String text) {
        if (text == null) {
            return Optional.empty();
        }
        Matcher m = ISO.matcher(text.trim());
        if (!m.matches()) {
            return Optional.empty();
        }
        Integer month = m.group(2) == null ? null : Integer.valueOf(m.group(2));
        Integer day = m.group(3) == null ? null : Integer.valueOf(m.group(3));
        if (month != null && (month < 1 || month > 12)) {
            month = null;
            day = null;
        }
        if (day != null && (day < 1 || day > 31)) {
            day = null;
        }
        return Optional.of(new PartialDate(Integer.parseInt(m.group(1)), month, day));
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(String.format("%04d", year));
        if (month != null) {
            s.append(String.format("-%02d", month));
            if (day != null) {
                s.append(String.format("-%02d", day));
            }
        }
        return s.toString();
    }
}
