package dev.quipu.sanctions.matching;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Compares two tokenised names by weighted alignment of their parts (logic-v2 structure, with the
 * research note's §7.4 improvements):
 * <ul>
 *   <li>parts pair 1:1, best similarity first, whatever their order (OFAC "SURNAME, Given",
 *       reordered names);</li>
 *   <li>a paired part counts its similarity times its weight; family names weigh 1.3, particles
 *       0.3, legal forms 0.5, initials 0.5, numbers 1.3;</li>
 *   <li>an unpaired query part costs 0.8 of its weight, an unpaired list part 0.2 (an omitted
 *       second surname or middle name costs little);</li>
 *   <li>but when both sides have unpaired informative parts they contradict each other
 *       ("García Márquez" vs "García López"), and the list part then costs its full weight;</li>
 *   <li>a different number, or a different legal form, is a contradiction as well.</li>
 * </ul>
 */
public final class NameMatcher {

    static final double EXTRA_QUERY = 0.8;
    static final double EXTRA_CANDIDATE = 0.2;
    static final double FAMILY = 1.3;

    /**
     * @param query     query parts
     * @param candidate list-name parts
     * @param family    for each candidate part, whether the list marks it as a family name (may be null)
     */
    public NameComparison compare(List<Token> query, List<Token> candidate, boolean[] family) {
        return compare(query, candidate, family, true);
    }

    /**
     * The score alone, without building the alignment strings (the hot path: ~120 candidates per
     * screening, of which only the returned matches need an explanation).
     */
    public double score(List<Token> query, List<Token> candidate, boolean[] family) {
        return compare(query, candidate, family, false).score();
    }

    private NameComparison compare(List<Token> query, List<Token> candidate, boolean[] family, boolean explain) {
        int n = query.size();
        int m = candidate.size();
        if (n == 0 || m == 0) {
            return NameComparison.NONE;
        }
        double[][] sim = new double[n][m];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                sim[i][j] = PartSimilarity.similarity(query.get(i), candidate.get(j));
            }
        }
        int[] pairOfQuery = new int[n];
        int[] pairOfCand = new int[m];
        java.util.Arrays.fill(pairOfQuery, -1);
        java.util.Arrays.fill(pairOfCand, -1);
        // greedy 1:1 assignment, best pairs first; names have few parts so this is near-optimal
        while (true) {
            double best = 0;
            int bi = -1;
            int bj = -1;
            for (int i = 0; i < n; i++) {
                if (pairOfQuery[i] >= 0) {
                    continue;
                }
                for (int j = 0; j < m; j++) {
                    if (pairOfCand[j] < 0 && sim[i][j] > best) {
                        best = sim[i][j];
                        bi = i;
                        bj = j;
                    }
                }
            }
            if (bi < 0) {
                break;
            }
            pairOfQuery[bi] = bj;
            pairOfCand[bj] = bi;
        }
        boolean queryExtraInformative = false;
        for (int i = 0; i < n; i++) {
            if (pairOfQuery[i] < 0 && query.get(i).informative()) {
                queryExtraInformative = true;
            }
        }
        boolean candExtraInformative = false;
        for (int j = 0; j < m; j++) {
            if (pairOfCand[j] < 0 && candidate.get(j).informative()) {
                candExtraInformative = true;
            }
        }
        boolean contradiction = queryExtraInformative && candExtraInformative;
        double num = 0;
        double den = 0;
        List<String> alignment = explain ? new ArrayList<>(n + m) : null;
        for (int i = 0; i < n; i++) {
            Token q = query.get(i);
            int j = pairOfQuery[i];
            if (j >= 0) {
                Token c = candidate.get(j);
                double w = Math.max(q.kind().weight(), c.kind().weight());
                if (family != null && j < family.length && family[j] && c.kind() == Token.Kind.WORD) {
                    w *= FAMILY;
                }
                double s = sim[i][j];
                num += s * w;
                den += w;
                if (explain) alignment.add(String.format(Locale.ROOT, "'%s'%s'%s' %.2f w%.2f", q.text(), s == 1.0 ? "=" : "≈", c.text(), s, w));
            } else {
                double w = q.kind().weight() * EXTRA_QUERY;
                den += w;
                if (explain) alignment.add(String.format(Locale.ROOT, "'%s' extraQueryPart w%.2f", q.text(), w));
            }
        }
        for (int j = 0; j < m; j++) {
            if (pairOfCand[j] >= 0) {
                continue;
            }
            Token c = candidate.get(j);
            double base = c.kind().weight();
            if (family != null && j < family.length && family[j] && c.kind() == Token.Kind.WORD) {
                base *= FAMILY;
            }
            boolean contradicts = contradiction && c.informative();
            double w = contradicts ? base : base * EXTRA_CANDIDATE;
            den += w;
            if (explain) alignment.add(String.format(Locale.ROOT, "'%s' %s w%.2f", c.text(),
                    contradicts ? "contradictingResultPart" : "extraResultPart", w));
        }
        double score = den == 0 ? 0 : num / den;
        return new NameComparison(Math.min(1.0, score), explain ? alignment : List.of());
    }
}
