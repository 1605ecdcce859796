package dev.quipu.report.narrative;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Accepts a model's rephrasing of a narrative only if it adds no fact: every number, date, code, quoted text and
 * proper name (a capitalised word not opening a sentence, an all-capitals word) in it must already be in the
 * template's text. Anything else is an invention, and the template's text is served instead.
 */
public final class NarrativeValidator {

    private static final Pattern NUMBERISH = Pattern.compile("[\\p{L}\\p{N}_:./-]*\\p{N}[\\p{L}\\p{N}_:./-]*");
    private static final Pattern QUOTED = Pattern.compile("[\"«“]([^\"»”]+)[\"»”]");
    private static final Pattern WORD = Pattern.compile("[\\p{L}][\\p{L}_'-]*");

    private NarrativeValidator() {
    }

    /** The facts of {@code candidate} that {@code source} does not carry (empty: faithful). */
    public static List<String> inventions(String candidate, String source) {
        String haystack = fold(source);
        List<String> out = new ArrayList<>();
        Matcher n = NUMBERISH.matcher(candidate);
        while (n.find()) {
            String token = trimPunctuation(n.group());
            if (!token.isEmpty() && !haystack.contains(fold(token))) {
                out.add(token);
            }
        }
        Matcher q = QUOTED.matcher(candidate);
        while (q.find()) {
            if (!haystack.contains(fold(q.group(1)))) {
                out.add("\"" + q.group(1) + "\"");
            }
        }
        for (String sentence : candidate.split("(?<=[.!?])\\s+")) {
            Matcher w = WORD.matcher(sentence);
            boolean first = true;
            while (w.find()) {
                String word = w.group();
                boolean proper = Character.isUpperCase(word.charAt(0)) && (!first || word.length() > 1 && word.equals(word.toUpperCase(Locale.ROOT)));
                first = false;
                if (proper && word.length() > 1 && !haystack.contains(fold(word))) {
                    out.add(word);
                }
            }
        }
        return out;
    }

    private static String trimPunctuation(String s) {
        return s.replaceAll("^[.:/-]+|[.:/-]+$", "");
    }

    private static String fold(String s) {
        return Normalizer.normalize(s, Normalizer.Form.NFD).replaceAll("\\p{M}", "").toLowerCase(Locale.ROOT);
    }
}
