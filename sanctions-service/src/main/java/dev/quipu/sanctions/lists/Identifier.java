package dev.quipu.sanctions.lists;

import io.micronaut.core.annotation.Nullable;

import java.util.Locale;

/** A document or registry number (passport, cédula, R.F.C., NIT, IMO, ...). */
public record Identifier(String type, String raw, String normalized, @Nullable String country) {

    public static Identifier of(String type, String raw, @Nullable String country) {
        return new Identifier(type, raw.trim(), normalize(raw), country);
    }

    /** Letters and digits only, upper case: "DIB-771110-HQ1" and "dib771110hq1" are the same id. */
    public static String normalize(String raw) {
        StringBuilder s = new StringBuilder(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (Character.isLetterOrDigit(c)) {
                s.append(c);
            }
        }
        return s.toString().toUpperCase(Locale.ROOT);
    }
}
