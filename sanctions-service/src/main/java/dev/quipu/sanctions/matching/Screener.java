package dev.quipu.sanctions.matching;

import dev.quipu.sanctions.lists.BirthDate;
import dev.quipu.sanctions.lists.CountryRef;
import dev.quipu.sanctions.lists.Entity;
import dev.quipu.sanctions.lists.EntityType;
import dev.quipu.sanctions.lists.Identifier;
import dev.quipu.sanctions.lists.PartialDate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Screening in two stages: recall (candidate names from the inverted indexes, ranked by an
 * IDF-weighted overlap, with a 3-gram fallback for parts no index key finds) and precision (the
 * {@link NameMatcher} on each candidate's names, best alias wins, then identifiers, and date of
 * birth / country / nationality as qualifiers). Stateless; the index is passed in so a refresh
 * can swap it between calls.
 */
public final class Screener {

    public static final String ALGORITHM = "quipu-match-1";

    /** Scores at or above this are kept for ranking before the caller's threshold applies. */
    private static final double CUTOFF = 0.35;
    private static final int CANDIDATE_NAMES = 120;

    private final NameNormalizer normalizer;
    private final NameMatcher matcher = new NameMatcher();
    private final ThreadLocal<float[]> scratch = new ThreadLocal<>();
    private final ThreadLocal<int[]> trigramScratch = new ThreadLocal<>();

    public Screener(NameNormalizer normalizer) {
        this.normalizer = normalizer;
    }

    public NameNormalizer normalizer() {
        return normalizer;
    }

    /** Matches at or above the query's threshold, best first, at most {@code limit}. */
    public List<Match> screen(ScreeningIndex index, ScreeningQuery query) {
        return screen(index, normalizer.tokens(query.name()), query);
    }

    /**
     * Screens already normalised parts (the private-screening path, which never sees the name:
     * parts it could not recognise arrive as opaque tokens that match nothing).
     */
    public List<Match> screen(ScreeningIndex index, List<Token> q, ScreeningQuery query) {
        Map<Integer, Match> best = new HashMap<>();
        // the name each entity scored best with; its explanation is built only if the entity is returned
        Map<dev.quipu.sanctions.lists.EntityName, ScreeningIndex.IndexedName> bestName = new java.util.IdentityHashMap<>();
        if (!q.isEmpty()) {
            for (int nameId : candidates(index, q)) {
                ScreeningIndex.IndexedName n = index.name(nameId);
                Entity e = index.entity(n.entity());
                if (!eligible(e, query)) {
                    continue;
                }
                Match current = best.get(n.entity());
                double score = matcher.score(q, Arrays.asList(n.tokens()), n.family());
                if (score >= CUTOFF && (current == null || score > nameScore(current))) {
                    Map<String, Match.Feature> f = new LinkedHashMap<>();
                    f.put("name", new Match.Feature(round(score), null));
                    best.put(n.entity(), new Match(e, n.name(), score, f));
                    bestName.put(n.name(), n);
                }
            }
            weakAliases(index, q, query, best);
        }
        identifiers(index, query, best);
        List<Match> out = new ArrayList<>();
        for (Match m : best.values()) {
            Match scored = qualify(m, query);
            if (scored.score() >= query.threshold()) {
                out.add(scored);
            }
        }
        out.sort(Comparator.comparingDouble(Match::score).reversed()
                .thenComparing(m -> -dobAgreement(m))
                .thenComparing(m -> m.entity().id()));
        List<Match> top = out.size() > query.limit() ? out.subList(0, query.limit()) : out;
        List<Match> explained = new ArrayList<>(top.size());
        for (Match m : top) {
            Match.Feature name = m.features().get("name");
            ScreeningIndex.IndexedName n = bestName.get(m.matchedName());
            if (name != null && name.detail() == null && n != null) {
                Map<String, Match.Feature> f = new LinkedHashMap<>(m.features());
                f.put("name", new Match.Feature(name.score(), matcher.compare(q, Arrays.asList(n.tokens()), n.family()).alignment()));
                m = new Match(m.entity(), m.matchedName(), m.score(), f);
            }
            explained.add(m);
        }
        return List.copyOf(explained);
    }

    /** Name-only comparison of two free names, for threshold calibration (/match/score). */
    public NameComparison compareNames(String query, String candidate) {
        List<Token> q = normalizer.tokens(query);
        List<Token> c = normalizer.tokens(candidate);
        NameComparison direct = matcher.compare(q, c, null);
        // an OFAC-style "SURNAME, Given" candidate: the part before the comma is the family name
        int comma = candidate.indexOf(',');
        if (comma > 0) {
            java.util.Set<String> fam = new java.util.HashSet<>();
            normalizer.tokens(candidate.substring(0, comma)).forEach(t -> fam.add(t.text()));
            boolean[] mask = new boolean[c.size()];
            for (int i = 0; i < c.size(); i++) {
                mask[i] = fam.contains(c.get(i).text());
            }
            NameComparison structured = matcher.compare(q, c, mask);
            return structured.score() > direct.score() ? structured : direct;
        }
        return direct;
    }

    public List<Token> tokens(String name) {
        return normalizer.tokens(name);
    }

    private static double nameScore(Match m) {
        Match.Feature f = m.features().get("name");
        return f == null ? 0 : f.score();
    }

    private static boolean eligible(Entity e, ScreeningQuery q) {
        if (!q.lists().contains(e.list())) {
            return false;
        }
        if (q.type() == null || e.type() == EntityType.UNKNOWN) {
            return true;
        }
        return q.type().equals("person") ? e.type() == EntityType.PERSON : e.type() != EntityType.PERSON;
    }

    /** Candidate name ids: IDF-weighted hits on tokens, phonetic keys and part pairs; 3-grams for unmatched parts. */
    int[] candidates(ScreeningIndex index, List<Token> q) {
        int total = index.nameCount();
        float[] acc = scratch.get();
        if (acc == null || acc.length < total) {
            acc = new float[total];
            scratch.set(acc);
        }
        ScreeningIndex.IntList touched = new ScreeningIndex.IntList();
        List<String> informative = new ArrayList<>();
        for (Token t : q) {
            if (!t.informative() && !(t.kind() == Token.Kind.LEGAL_FORM && q.size() == 1)) {
                continue;
            }
            informative.add(t.text());
            int[] exact = index.token(t.text());
            float idf = idf(total, exact.length);
            add(acc, touched, exact, idf);
            if (t.kind() == Token.Kind.WORD) {
                int[] ph = index.phonetic(t.phonetic());
                if (ph.length < total / 4) {
                    add(acc, touched, ph, 0.6f * idf(total, ph.length));
                }
                if (exact.length == 0 && t.text().length() >= 4) {
                    trigramFallback(index, t.text(), acc, touched, total);
                }
            }
        }
        for (int a = 0; a < informative.size(); a++) {
            for (int b = a + 1; b < informative.size(); b++) {
                int[] p = index.pair(informative.get(a), informative.get(b));
                add(acc, touched, p, 2.0f * idf(total, Math.max(p.length, 1)));
            }
        }
        int[] ids = touched.toArray();
        int[] out = ids.length <= CANDIDATE_NAMES ? ids : topK(ids, acc, CANDIDATE_NAMES);
        for (int id : ids) {
            acc[id] = 0;
        }
        return out;
    }

    private void trigramFallback(ScreeningIndex index, String word, float[] acc, ScreeningIndex.IntList touched,
                                 int total) {
        List<String> grams = ScreeningIndex.trigrams(word);
        int[] hits = trigramScratch.get();
        if (hits == null || hits.length < total) {
            hits = new int[total];
            trigramScratch.set(hits);
        }
        ScreeningIndex.IntList seen = new ScreeningIndex.IntList();
        for (String g : grams) {
            int[] p = index.trigram(g);
            if (p.length > total / 3) {
                continue;
            }
            for (int id : p) {
                if (hits[id]++ == 0) {
                    seen.add(id);
                }
            }
        }
        int need = Math.max(2, (int) Math.ceil(grams.size() * 0.5));
        for (int i = 0; i < seen.size(); i++) {
            int id = seen.get(i);
            int h = hits[id];
            hits[id] = 0;
            if (h >= need) {
                if (acc[id] == 0) {
                    touched.add(id);
                }
                acc[id] += 1.5f * h / grams.size();
            }
        }
    }

    /** The k ids of highest score, by quickselect on the scores (no boxing, no full sort). */
    static int[] topK(int[] ids, float[] acc, int k) {
        float[] s = new float[ids.length];
        for (int i = 0; i < ids.length; i++) {
            s[i] = acc[ids[i]];
        }
        float kth = select(s, k - 1);
        int[] out = new int[k];
        int n = 0;
        for (int id : ids) {
            if (acc[id] > kth) {
                out[n++] = id;
            }
        }
        for (int i = 0; i < ids.length && n < k; i++) {
            if (acc[ids[i]] == kth) {
                out[n++] = ids[i];
            }
        }
        return out;
    }

    /** The value of rank r (0 = largest) of a; a is reordered. */
    private static float select(float[] a, int r) {
        int lo = 0;
        int hi = a.length - 1;
        while (lo < hi) {
            float pivot = a[(lo + hi) >>> 1];
            int i = lo;
            int j = hi;
            while (i <= j) {
                while (a[i] > pivot) {
                    i++;
                }
                while (a[j] < pivot) {
                    j--;
                }
                if (i <= j) {
                    float t = a[i];
                    a[i] = a[j];
                    a[j] = t;
                    i++;
                    j--;
                }
            }
            if (r <= j) {
                hi = j;
            } else if (r >= i) {
                lo = i;
            } else {
                return a[r];
            }
        }
        return a[r];
    }

    private static float idf(int total, int df) {
        return (float) Math.log(1.0 + (double) total / (1 + df));
    }

    private static void add(float[] acc, ScreeningIndex.IntList touched, int[] postings, float w) {
        for (int id : postings) {
            if (acc[id] == 0) {
                touched.add(id);
            }
            acc[id] += w;
        }
    }

    /** Weak aliases (OFAC remark a.k.a.s, UN "Low") count only on an exact comparable-name match. */
    private void weakAliases(ScreeningIndex index, List<Token> q, ScreeningQuery query, Map<Integer, Match> best) {
        String comp = ScreeningIndex.join(q);
        for (int nameId : index.comparable(comp)) {
            ScreeningIndex.IndexedName n = index.name(nameId);
            if (!n.name().weak()) {
                continue;
            }
            Entity e = index.entity(n.entity());
            if (!eligible(e, query)) {
                continue;
            }
            double s = n.tokens().length > 1 ? 0.8 : 0.6;
            Match current = best.get(n.entity());
            if (current == null || current.score() < s) {
                Map<String, Match.Feature> f = new LinkedHashMap<>();
                f.put("weak_alias", new Match.Feature(s, "exact match of weak alias '" + n.name().full() + "'"
                        + (n.tokens().length > 1 ? "" : " (single-part weak alias, capped below the default threshold)")));
                best.put(n.entity(), new Match(e, n.name(), s, f));
            }
        }
    }

    /** An exact identifier (passport, cédula, R.F.C., NIT, IMO ...) decides alone. */
    private void identifiers(ScreeningIndex index, ScreeningQuery query, Map<Integer, Match> best) {
        for (String raw : query.identifiers()) {
            String norm = Identifier.normalize(raw);
            if (norm.length() < 5) {
                continue;
            }
            for (int e : index.entitiesWithIdentifier(norm)) {
                Entity entity = index.entity(e);
                if (!query.lists().contains(entity.list())) {
                    continue;
                }
                Identifier hit = entity.identifiers().stream().filter(i -> i.normalized().equals(norm)).findFirst().orElseThrow();
                Match current = best.get(e);
                Map<String, Match.Feature> f = new LinkedHashMap<>(current == null ? Map.of() : current.features());
                f.put("identifier", new Match.Feature(0.95, "exact " + hit.type() + " " + hit.raw()
                        + (hit.country() == null ? "" : " (" + hit.country() + ")")));
                best.put(e, new Match(entity, current == null ? entity.primaryName() : current.matchedName(),
                        Math.max(0.95, current == null ? 0 : current.score()), f));
            }
        }
    }

    /** Date of birth, country and nationality only subtract (or break ties); missing data has no effect. */
    Match qualify(Match m, ScreeningQuery q) {
        double main = 0;
        for (Match.Feature f : m.features().values()) {
            main = Math.max(main, f.score());
        }
        Map<String, Match.Feature> f = new LinkedHashMap<>(m.features());
        double adjust = 0;
        if (q.dateOfBirth() != null && !m.entity().birthDates().isEmpty()) {
            Supplier<String> listed = () -> m.entity().birthDates().toString();
            double dob = dobPenalty(q.dateOfBirth(), m.entity().birthDates());
            f.put("dob", new Match.Feature(dob, dob == 0 ? "agrees with listed " + listed.get()
                    : dob == DOB_DAY_SWAP ? "day and month swapped against " + listed.get()
                    : "conflicts with listed " + listed.get()));
            adjust += dob;
        }
        if (q.nationality() != null) {
            List<String> nat = m.entity().countries().stream()
                    .filter(c -> c.role() == CountryRef.Role.NATIONALITY || c.role() == CountryRef.Role.CITIZENSHIP)
                    .map(CountryRef::code).distinct().toList();
            if (!nat.isEmpty()) {
                boolean ok = nat.contains(q.nationality());
                f.put("nationality", new Match.Feature(ok ? 0 : -0.2, (ok ? "listed nationality " : "listed nationality is ") + nat));
                adjust += ok ? 0 : -0.2;
            }
        }
        if (q.country() != null) {
            List<String> all = m.entity().countries().stream().map(CountryRef::code).distinct().toList();
            if (!all.isEmpty()) {
                boolean ok = all.contains(q.country()) || q.country().equals(q.nationality());
                f.put("country", new Match.Feature(ok ? 0 : -0.1, (ok ? "country tied to the entity: " : "entity tied only to ") + all));
                adjust += ok ? 0 : -0.1;
            }
        }
        double score = Math.max(0, Math.min(1, main + adjust));
        return new Match(m.entity(), m.matchedName(), round(score), f);
    }

    static final double DOB_DAY_SWAP = -0.125;

    static double dobPenalty(PartialDate q, List<BirthDate> listed) {
        double best = -1;
        for (BirthDate b : listed) {
            best = Math.max(best, dobPenalty(q, b));
        }
        return best;
    }

    private static double dobPenalty(PartialDate q, BirthDate b) {
        int slack = b.circa() ? 1 : 0;
        if (q.year() < b.from().year() - slack || q.year() > b.to().year() + slack) {
            return -0.15;
        }
        if (b.range() || b.circa()) {
            return 0;
        }
        PartialDate d = b.from();
        if (q.month() == null || d.month() == null) {
            return 0;
        }
        if (q.month().equals(d.month()) && (q.day() == null || d.day() == null || q.day().equals(d.day()))) {
            return 0;
        }
        if (q.day() != null && d.day() != null && q.day().equals(d.month()) && q.month().equals(d.day())) {
            return DOB_DAY_SWAP;
        }
        return -0.25;
    }

    private static int dobAgreement(Match m) {
        Match.Feature f = m.features().get("dob");
        return f != null && f.score() == 0 ? 1 : 0;
    }

    static double round(double v) {
        return Math.round(v * 10000.0) / 10000.0;
    }

    static String lower(String s) {
        return s == null ? null : s.toLowerCase(Locale.ROOT);
    }
}
