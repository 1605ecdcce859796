package dev.quipu.registry.taxid;

import java.text.Normalizer;
import java.util.Optional;
import java.util.function.IntPredicate;

/**
 * The normalisation every identifier shares: Unicode compatibility forms folded (full-width digits
 * become ASCII, N + combining tilde becomes Ñ), whitespace and invisible format characters dropped,
 * any dash read as {@code -}, ASCII lower case (and ñ) upper-cased, and the type's separators removed.
 * Nothing else is translated: digits of other scripts and look-alike letters (Cyrillic А) stay as they
 * are and fail the type's format rule.
 */
final class IdText {

    private IdText() {
    }

    /**
     * @param separators characters the type allows between groups (e.g. {@code "./-"}); whitespace is
     *                   always dropped
     */
    static String clean(String raw, String separators) {
        if (raw == null) {
            return "";
        }
        String folded = Normalizer.normalize(raw, Normalizer.Form.NFKC);
        StringBuilder out = new StringBuilder(folded.length());
        folded.codePoints().forEach(cp -> {
            if (Character.isWhitespace(cp) || Character.isSpaceChar(cp) || Character.getType(cp) == Character.FORMAT) {
                return;
            }
            int c = upper(isDash(cp) ? '-' : cp);
            if (c < 128 && separators.indexOf(c) >= 0) {
                return;
            }
            out.appendCodePoint(c);
        });
        return out.toString();
    }

    private static boolean isDash(int cp) {
        return Character.getType(cp) == Character.DASH_PUNCTUATION || cp == '\u2212';
    }

    /** Only a–z and ñ: Unicode case mapping would turn dotless ı and other letters into ASCII ones. */
    private static int upper(int cp) {
        if (cp >= 'a' && cp <= 'z') {
            return cp - ('a' - 'A');
        }
        return cp == 'ñ' ? 'Ñ' : cp;
    }

    static boolean allDigits(String s) {
        return !s.isEmpty() && s.chars().allMatch(IdText::isDigit);
    }

    static boolean allSame(String s) {
        return s.chars().distinct().count() == 1;
    }

    static String stripLeadingZeros(String digits) {
        int i = 0;
        while (i < digits.length() && digits.charAt(i) == '0') {
            i++;
        }
        return digits.substring(i);
    }

    /** {@code 899999068} → {@code 899.999.068}: dots every three digits from the right. */
    static String groupThousands(String digits) {
        StringBuilder out = new StringBuilder(digits);
        for (int i = digits.length() - 3; i > 0; i -= 3) {
            out.insert(i, '.');
        }
        return out.toString();
    }

    /** The first character that is not allowed, named for a message: {@code 'Ж' (U+0416)}. */
    static Optional<String> firstOutside(String s, IntPredicate allowed) {
        return s.codePoints().filter(allowed.negate())
                .mapToObj(cp -> "'" + Character.toString(cp) + "' (U+" + String.format("%04X", cp) + ")")
                .findFirst();
    }

    static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }
}
