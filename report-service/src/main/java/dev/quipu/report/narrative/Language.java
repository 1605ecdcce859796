package dev.quipu.report.narrative;

import java.util.Locale;

/** The narrative's language: {@code es}, {@code pt} or {@code en}, from {@code Accept-Language} (default {@code en}). */
public enum Language {
    EN, ES, PT;

    public String code() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The first supported language in the header's order of preference (q-values honoured). */
    public static Language from(String acceptLanguage) {
        if (acceptLanguage == null || acceptLanguage.isBlank()) {
            return EN;
        }
        Language best = EN;
        double bestQ = -1;
        for (String part : acceptLanguage.split(",")) {
            String[] pieces = part.trim().split(";");
            String tag = pieces[0].trim().toLowerCase(Locale.ROOT);
            double q = 1;
            for (int i = 1; i < pieces.length; i++) {
                String p = pieces[i].trim();
                if (p.startsWith("q=")) {
                    try {
                        q = Double.parseDouble(p.substring(2));
                    } catch (NumberFormatException e) {
                        q = 0;
                    }
                }
            }
            Language l = tag.startsWith("es") ? ES : tag.startsWith("pt") ? PT : tag.startsWith("en") ? EN : null;
            if (l != null && q > bestQ) {
                best = l;
                bestQ = q;
            }
        }
        return best;
    }
}
