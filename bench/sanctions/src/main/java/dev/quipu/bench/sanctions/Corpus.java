package dev.quipu.bench.sanctions;

import dev.quipu.sanctions.lists.BundledLists;
import dev.quipu.sanctions.lists.Entity;
import dev.quipu.sanctions.lists.EntityName;
import dev.quipu.sanctions.lists.EntityType;
import dev.quipu.sanctions.lists.ListId;
import dev.quipu.sanctions.lists.ListSnapshot;
import dev.quipu.sanctions.lists.ListVersion;
import dev.quipu.sanctions.matching.NameNormalizer;
import dev.quipu.sanctions.matching.Screener;
import dev.quipu.sanctions.matching.ScreeningIndex;
import dev.quipu.sanctions.matching.ScreeningQuery;

import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;

/**
 * The benchmark corpus and query mix, deterministic (seed 42).
 *
 * <p>Corpus: every entity of the real bundled lists (OFAC SDN 2024-05-03 with its alt.csv aliases,
 * OFAC non-SDN, UN, EU and UK samples), then padding up to {@link #TARGET_NAMES} indexed names: for
 * real PERSON/ORGANIZATION entities in list order, one extra entity {@code PAD:n} whose single name is a
 * realistic variant of the real primary name - variant 0 changes one vowel of the longest part to the
 * next vowel (a typo or transliteration drift: RODRIGUEZ → RODRIGUIZ), variant 1 replaces the first
 * given part by a common Latin American given name, variant 2 appends a common Latin American second
 * surname. Variants are near neighbours of real names, so they make candidate sets denser (harder),
 * not easier.
 *
 * <p>Queries: 40 % real strong names of real entities written as users type them (OFAC
 * "SURNAME, Given" turned to "Given Surname", capitalised), 20 % the same with two adjacent letters of
 * the longest part swapped (forces the 3-gram typo path), 10 % real company names with their legal
 * form spelt out differently or removed, 30 % common Latin American names that are not listed.
 */
public final class Corpus {

    public static final int TARGET_NAMES = 60_000;
    private static final String[] GIVEN = {"María", "José", "Juan", "Ana", "Luis", "Carmen", "Carlos", "Rosa", "Jorge",
            "Lucía", "Pedro", "Sofía", "Miguel", "Valentina", "Andrés", "Camila", "Diego", "Gabriela", "João", "Fernanda"};
    private static final String[] SURNAMES = {"García", "Rodríguez", "Martínez", "López", "González", "Pérez", "Sánchez",
            "Ramírez", "Torres", "Flores", "Rivera", "Gómez", "Díaz", "Reyes", "Morales", "Silva", "Souza", "Oliveira",
            "Castillo", "Vargas", "Rojas", "Herrera", "Medina", "Aguilar", "Mendoza", "Cruz", "Ortiz", "Ramos"};

    public final List<ListSnapshot> snapshots;
    public final int realEntities;
    public final int paddingEntities;
    public final ScreeningIndex index;
    public final long parseMillis;
    public final long buildMillis;
    /** CPU time of this thread for the same two steps: what an idle core would need (the machine is shared). */
    public final long parseCpuMillis;
    public final long buildCpuMillis;
    public final NameNormalizer normalizer = new NameNormalizer();

    public Corpus() {
        var mx = java.lang.management.ManagementFactory.getThreadMXBean();
        long c0 = mx.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        BundledLists bundled = new BundledLists();
        List<ListSnapshot> real = bundled.load();
        long t1 = System.nanoTime();
        long c1 = mx.getCurrentThreadCpuTime();
        List<Entity> entities = new ArrayList<>();
        real.forEach(s -> entities.addAll(s.entities()));
        realEntities = entities.size();
        int names = ScreeningIndex.build(real, normalizer).nameCount();
        List<Entity> padding = new ArrayList<>();
        for (int variant = 0; names < TARGET_NAMES && variant < 3; variant++) {
            for (Entity e : entities) {
                if (names >= TARGET_NAMES) {
                    break;
                }
                if (e.type() != EntityType.PERSON && e.type() != EntityType.ORGANIZATION) {
                    continue;
                }
                String v = variant(e.primaryName().full(), variant, padding.size());
                if (v == null) {
                    continue;
                }
                padding.add(new Entity("PAD:" + padding.size(), ListId.OFAC_CONS, "PAD" + padding.size(), e.type(),
                        List.of(EntityName.primary(v)), List.of(), List.of(), List.of(), List.of(), List.of("PADDING"),
                        null, null, List.of()));
                names++;
            }
        }
        paddingEntities = padding.size();
        List<ListSnapshot> all = new ArrayList<>(real);
        if (!padding.isEmpty()) {
            all.add(new ListSnapshot(new ListVersion(ListId.OFAC_CONS, "padding", "bench", "-", null, Instant.now(),
                    padding.size(), "padding", padding.size(), false), padding));
        }
        snapshots = all;
        long t2 = System.nanoTime();
        long c2 = mx.getCurrentThreadCpuTime();
        index = ScreeningIndex.build(all, normalizer);
        long t3 = System.nanoTime();
        long c3 = mx.getCurrentThreadCpuTime();
        parseCpuMillis = (c1 - c0) / 1_000_000;
        buildCpuMillis = (c3 - c2) / 1_000_000;
        parseMillis = (t1 - t0) / 1_000_000;
        buildMillis = (t3 - t2) / 1_000_000;
    }

    static String variant(String name, int variant, int seed) {
        String[] words = name.split(" ");
        if (words.length < 2) {
            return null;
        }
        switch (variant) {
            case 0 -> {
                int longest = 0;
                for (int i = 1; i < words.length; i++) {
                    if (words[i].length() > words[longest].length()) {
                        longest = i;
                    }
                }
                String w = words[longest];
                for (int i = w.length() / 2; i < w.length(); i++) {
                    int k = "AEIOUaeiou".indexOf(w.charAt(i));
                    if (k >= 0) {
                        char next = "EIOUAeioua".charAt(k);
                        words[longest] = w.substring(0, i) + next + w.substring(i + 1);
                        return String.join(" ", words);
                    }
                }
                return null;
            }
            case 1 -> {
                words[words.length - 1] = GIVEN[seed % GIVEN.length];
                return String.join(" ", words);
            }
            default -> {
                return name + " " + SURNAMES[seed % SURNAMES.length];
            }
        }
    }

    /** {@code n} queries of the documented mix. */
    public List<ScreeningQuery> queries(int n) {
        Random r = new Random(42);
        List<Entity> persons = new ArrayList<>();
        List<Entity> companies = new ArrayList<>();
        for (ListSnapshot s : snapshots) {
            for (Entity e : s.entities()) {
                if (e.id().startsWith("PAD:")) {
                    continue;
                }
                (e.type() == EntityType.PERSON ? persons : companies).add(e);
            }
        }
        List<ScreeningQuery> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int kind = r.nextInt(10);
            String name;
            if (kind < 4) {
                name = typed(pickName(persons, r));
            } else if (kind < 6) {
                name = typo(typed(pickName(persons, r)), r);
            } else if (kind < 7) {
                name = company(pickName(companies, r), r);
            } else {
                name = GIVEN[r.nextInt(GIVEN.length)] + " " + SURNAMES[r.nextInt(SURNAMES.length)] + " "
                        + SURNAMES[r.nextInt(SURNAMES.length)];
            }
            out.add(new ScreeningQuery(name, null, null, null, null, List.of(), EnumSet.allOf(ListId.class), 0.70, 10));
        }
        return out;
    }

    private static String pickName(List<Entity> from, Random r) {
        Entity e = from.get(r.nextInt(from.size()));
        List<EntityName> strong = e.names().stream().filter(x -> !x.weak()).toList();
        return strong.get(r.nextInt(strong.size())).full();
    }

    /** "RODRIGUEZ OREJUELA, Gilberto Jose" → "Gilberto Jose Rodriguez Orejuela". */
    static String typed(String listed) {
        int comma = listed.indexOf(',');
        String s = comma > 0 ? listed.substring(comma + 1).trim() + " " + listed.substring(0, comma) : listed;
        StringBuilder b = new StringBuilder();
        for (String w : s.split(" ")) {
            if (w.isEmpty()) {
                continue;
            }
            if (b.length() > 0) {
                b.append(' ');
            }
            b.append(w.substring(0, 1).toUpperCase()).append(w.substring(1).toLowerCase());
        }
        return b.toString();
    }

    static String typo(String name, Random r) {
        String[] words = name.split(" ");
        int longest = 0;
        for (int i = 1; i < words.length; i++) {
            if (words[i].length() > words[longest].length()) {
                longest = i;
            }
        }
        String w = words[longest];
        if (w.length() >= 4) {
            int i = 1 + r.nextInt(w.length() - 2);
            words[longest] = w.substring(0, i) + w.charAt(i + 1) + w.charAt(i) + w.substring(i + 2);
        }
        return String.join(" ", words);
    }

    static String company(String listed, Random r) {
        String s = listed.replace("S.A. DE C.V.", "SA de CV").replace(", S.A.", " Sociedad Anonima")
                .replace("LTDA.", "Limitada").replace("LTD.", "Limited");
        return r.nextBoolean() ? s : s.replaceAll("(?i),? (S\\.?A\\.?|LTDA\\.?|LLC|INC\\.?|CORP\\.?)$", "");
    }

    public Screener screener() {
        return new Screener(normalizer);
    }
}
