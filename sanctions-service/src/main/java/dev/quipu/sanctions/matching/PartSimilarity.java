package dev.quipu.sanctions.matching;

/**
 * Similarity of two name parts: equality, initials, then a cost-weighted Levenshtein where
 * confusable letters (o/u, i/y, c/k, ...) cost 0.7 and digits 1.5, within an edit budget that
 * grows with length. Improves on logic-v2's short-token cliff: a 3- or 4-letter part may take one
 * edit ("Jon"/"John"). Beyond the budget the similarity is 0 (a cliff, on purpose).
 */
final class PartSimilarity {

    private static final String[] CONFUSABLE = {"ou", "iy", "ij", "ck", "cs", "sz", "vb", "vw", "ei", "ae", "gj",
            "qk", "ph", "0o", "1i", "1l", "5s", "mn", "td", "lr"};
    private static final boolean[][] CONF = new boolean[128][128];

    static {
        for (String p : CONFUSABLE) {
            CONF[p.charAt(0)][p.charAt(1)] = true;
            CONF[p.charAt(1)][p.charAt(0)] = true;
        }
    }

    private PartSimilarity() {
    }

    /** Largest cost a part of this length may absorb and still count. */
    static double budget(int length) {
        if (length <= 2) {
            return 0;
        }
        if (length <= 4) {
            return 1.0;
        }
        if (length <= 7) {
            return 1.5;
        }
        if (length <= 11) {
            return 2.2;
        }
        return 3.0;
    }

    static double similarity(Token q, Token c) {
        String a = q.text();
        String b = c.text();
        if (a.equals(b)) {
            return 1.0;
        }
        if (q.kind() == Token.Kind.LEGAL_FORM || c.kind() == Token.Kind.LEGAL_FORM) {
            return q.kind() == c.kind() ? 0.6 : 0;
        }
        if (q.kind() == Token.Kind.NUMBER || c.kind() == Token.Kind.NUMBER) {
            return 0;
        }
        if (q.kind() == Token.Kind.INITIAL || c.kind() == Token.Kind.INITIAL) {
            return a.charAt(0) == b.charAt(0) ? 0.9 : 0;
        }
        int longer = Math.max(a.length(), b.length());
        int shorter = Math.min(a.length(), b.length());
        if (longer - shorter > budget(shorter) + 0.5) {
            return 0;
        }
        double cost = cost(a, b, budget(shorter) + 0.01);
        if (cost > budget(shorter)) {
            return phoneticOnly(q, c);
        }
        double s = 1.0 - cost / longer;
        return Math.max(s * s, phoneticOnly(q, c));
    }

    /** Same Double Metaphone key and same first letter: transliteration drift (Mohamed/Muhammad). */
    private static double phoneticOnly(Token q, Token c) {
        if (q.kind() == Token.Kind.WORD && c.kind() == Token.Kind.WORD && q.phonetic().equals(c.phonetic())
                && q.text().length() > 3 && c.text().length() > 3 && q.text().charAt(0) == c.text().charAt(0)) {
            return 0.7;
        }
        return 0;
    }

    /** Weighted Levenshtein with early exit once every path exceeds {@code limit}. */
    static double cost(String a, String b, double limit) {
        int n = a.length();
        int m = b.length();
        double[] prev = new double[m + 1];
        double[] cur = new double[m + 1];
        for (int j = 0; j <= m; j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= n; i++) {
            cur[0] = i;
            double rowMin = cur[0];
            char ca = a.charAt(i - 1);
            for (int j = 1; j <= m; j++) {
                char cb = b.charAt(j - 1);
                double sub;
                if (ca == cb) {
                    sub = 0;
                } else if (ca < 128 && cb < 128 && CONF[ca][cb]) {
                    sub = 0.7;
                } else if (Character.isDigit(ca) || Character.isDigit(cb)) {
                    sub = 1.5;
                } else {
                    sub = 1.0;
                }
                double v = Math.min(Math.min(prev[j] + 1, cur[j - 1] + 1), prev[j - 1] + sub);
                cur[j] = v;
                rowMin = Math.min(rowMin, v);
            }
            if (rowMin > limit) {
                return rowMin;
            }
            double[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[m];
    }
}
