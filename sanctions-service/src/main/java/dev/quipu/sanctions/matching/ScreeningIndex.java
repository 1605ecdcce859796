package dev.quipu.sanctions.matching;

import dev.quipu.sanctions.lists.Entity;
import dev.quipu.sanctions.lists.EntityName;
import dev.quipu.sanctions.lists.Identifier;
import dev.quipu.sanctions.lists.ListId;
import dev.quipu.sanctions.lists.ListSnapshot;
import dev.quipu.sanctions.lists.ListVersion;
import dev.quipu.sanctions.wallets.WalletAddress;
import dev.quipu.sanctions.wallets.WalletListing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The immutable in-memory index over every loaded list version: entities, their tokenised names,
 * and inverted indexes (name-part tokens, phonetic keys, character 3-grams, sorted part pairs,
 * exact identifiers, wallets) so that a query scores only ~100 candidates. A refresh builds a new
 * index beside the old one and swaps the reference; nothing here is ever mutated after build.
 */
public final class ScreeningIndex {

    /** One indexed name of one entity. */
    public record IndexedName(int entity, EntityName name, Token[] tokens, boolean[] family, String comparable) {
    }

    private final List<Entity> entities;
    private final Map<ListId, ListVersion> versions;
    private final IndexedName[] names;
    private final Map<String, int[]> byToken;
    private final Map<String, int[]> byPhonetic;
    private final Map<String, int[]> byTrigram;
    private final Map<String, int[]> byPair;
    private final Map<String, int[]> byIdentifier;
    private final Map<String, List<WalletListing>> byWallet;
    private final Map<String, int[]> byComparable;

    private ScreeningIndex(List<Entity> entities, Map<ListId, ListVersion> versions, IndexedName[] names,
                           Map<String, int[]> byToken, Map<String, int[]> byPhonetic, Map<String, int[]> byTrigram,
                           Map<String, int[]> byPair, Map<String, int[]> byIdentifier,
                           Map<String, List<WalletListing>> byWallet, Map<String, int[]> byComparable) {
        this.entities = entities;
        this.versions = versions;
        this.names = names;
        this.byToken = byToken;
        this.byPhonetic = byPhonetic;
        this.byTrigram = byTrigram;
        this.byPair = byPair;
        this.byIdentifier = byIdentifier;
        this.byWallet = byWallet;
        this.byComparable = byComparable;
    }

    public static ScreeningIndex build(List<ListSnapshot> snapshots, NameNormalizer normalizer) {
        List<Entity> entities = new ArrayList<>();
        Map<ListId, ListVersion> versions = new EnumMap<>(ListId.class);
        for (ListSnapshot s : snapshots) {
            versions.put(s.version().list(), s.version());
            entities.addAll(s.entities());
        }
        List<IndexedName> names = new ArrayList<>(entities.size() * 3);
        Map<String, IntList> token = new HashMap<>();
        Map<String, IntList> phonetic = new HashMap<>();
        Map<String, IntList> trigram = new HashMap<>();
        Map<String, IntList> pair = new HashMap<>();
        Map<String, IntList> ident = new HashMap<>();
        Map<String, IntList> comparable = new HashMap<>();
        Map<String, List<WalletListing>> wallets = new HashMap<>();
        Map<String, PartPostings> parts = new HashMap<>();
        for (int e = 0; e < entities.size(); e++) {
            Entity entity = entities.get(e);
            Set<String> seen = new HashSet<>();
            for (EntityName n : entity.names()) {
                List<Token> tokens = normalizer.tokens(n.full());
                if (tokens.isEmpty()) {
                    continue;
                }
                String comp = join(tokens);
                if (!seen.add(comp + n.strength())) {
                    continue;
                }
                boolean[] family = familyMask(tokens, n, normalizer);
                int id = names.size();
                names.add(new IndexedName(e, n, tokens.toArray(Token[]::new), family, comp));
                comparable.computeIfAbsent(comp, k -> new IntList()).add(id);
                if (n.weak()) {
                    continue; // weak aliases match only exactly, through the comparable map
                }
                List<String> informative = new ArrayList<>();
                for (Token t : tokens) {
                    // postings are resolved once per distinct part, not once per occurrence (startup time)
                    PartPostings pp = parts.computeIfAbsent(t.text(), k -> new PartPostings(token.computeIfAbsent(k, x -> new IntList())));
                    pp.token.addUnique(id);
                    if (t.kind() == Token.Kind.WORD) {
                        pp.word(t, phonetic, trigram);
                        pp.phonetic.addUnique(id);
                        for (IntList g : pp.grams) {
                            g.addUnique(id);
                        }
                        informative.add(t.text());
                    } else if (t.kind() == Token.Kind.NUMBER) {
                        informative.add(t.text());
                    }
                }
                for (int a = 0; a < informative.size(); a++) {
                    for (int b = a + 1; b < informative.size(); b++) {
                        pair.computeIfAbsent(pairKey(informative.get(a), informative.get(b)), k -> new IntList()).addUnique(id);
                    }
                }
            }
            for (Identifier i : entity.identifiers()) {
                if (i.normalized().length() >= 5) {
                    ident.computeIfAbsent(i.normalized(), k -> new IntList()).addUnique(e);
                }
            }
            for (WalletAddress w : entity.wallets()) {
                wallets.computeIfAbsent(w.normalized(), k -> new ArrayList<>())
                        .add(new WalletListing(w, entity.list(), e, "remarks of " + entity.id()));
            }
        }
        return new ScreeningIndex(List.copyOf(entities), versions, names.toArray(IndexedName[]::new), freeze(token),
                freeze(phonetic), freeze(trigram), freeze(pair), freeze(ident), Map.copyOf(wallets), freeze(comparable));
    }

    /** The posting lists one distinct name part feeds (its token, and for words its phonetic key and 3-grams). */
    private static final class PartPostings {
        final IntList token;
        IntList phonetic;
        IntList[] grams;

        PartPostings(IntList token) {
            this.token = token;
        }

        void word(Token t, Map<String, IntList> phoneticIndex, Map<String, IntList> trigramIndex) {
            if (phonetic == null) {
                phonetic = phoneticIndex.computeIfAbsent(t.phonetic(), k -> new IntList());
                grams = new java.util.LinkedHashSet<>(trigrams(t.text())).stream()
                        .map(g -> trigramIndex.computeIfAbsent(g, k -> new IntList())).toArray(IntList[]::new);
            }
        }
    }

    /** Which parts of a list name are family names, when the list says so (OFAC "SURNAME, Given", UK Name6, EU lastName). */
    private static boolean[] familyMask(List<Token> tokens, EntityName n, NameNormalizer normalizer) {
        if (n.family() == null) {
            return null;
        }
        Set<String> fam = new HashSet<>();
        for (Token t : normalizer.tokens(n.family())) {
            fam.add(t.text());
        }
        boolean[] mask = new boolean[tokens.size()];
        for (int i = 0; i < tokens.size(); i++) {
            mask[i] = fam.contains(tokens.get(i).text());
        }
        return mask;
    }

    static String join(List<Token> tokens) {
        StringBuilder s = new StringBuilder();
        for (Token t : tokens) {
            if (s.length() > 0) {
                s.append(' ');
            }
            s.append(t.text());
        }
        return s.toString();
    }

    static String pairKey(String a, String b) {
        return a.compareTo(b) <= 0 ? a + "|" + b : b + "|" + a;
    }

    static List<String> trigrams(String word) {
        String padded = "_" + word + "_";
        List<String> out = new ArrayList<>(padded.length());
        for (int i = 0; i + 3 <= padded.length(); i++) {
            out.add(padded.substring(i, i + 3));
        }
        return out;
    }

    private static Map<String, int[]> freeze(Map<String, IntList> m) {
        Map<String, int[]> out = new HashMap<>(m.size() * 4 / 3 + 1);
        m.forEach((k, v) -> out.put(k, v.toArray()));
        return out;
    }

    public List<Entity> entities() {
        return entities;
    }

    public Entity entity(int i) {
        return entities.get(i);
    }

    public Map<ListId, ListVersion> versions() {
        return versions;
    }

    public int nameCount() {
        return names.length;
    }

    public IndexedName name(int i) {
        return names[i];
    }

    int[] token(String t) {
        return byToken.getOrDefault(t, EMPTY);
    }

    int[] phonetic(String p) {
        return byPhonetic.getOrDefault(p, EMPTY);
    }

    int[] trigram(String g) {
        return byTrigram.getOrDefault(g, EMPTY);
    }

    int[] pair(String a, String b) {
        return byPair.getOrDefault(pairKey(a, b), EMPTY);
    }

    int[] comparable(String c) {
        return byComparable.getOrDefault(c, EMPTY);
    }

    public int[] entitiesWithIdentifier(String normalized) {
        return byIdentifier.getOrDefault(normalized, EMPTY);
    }

    public List<WalletListing> wallet(String normalizedAddress) {
        return byWallet.getOrDefault(normalizedAddress, List.of());
    }

    public int walletCount() {
        return byWallet.size();
    }

    private static final int[] EMPTY = new int[0];

    /** A growable int array; postings are built in entity order so "addUnique" only checks the tail. */
    static final class IntList {
        private int[] a = new int[4];
        private int size;

        void add(int v) {
            if (size == a.length) {
                a = Arrays.copyOf(a, size * 2);
            }
            a[size++] = v;
        }

        void addUnique(int v) {
            if (size == 0 || a[size - 1] != v) {
                add(v);
            }
        }

        int size() {
            return size;
        }

        int get(int i) {
            return a[i];
        }

        int[] toArray() {
            return Arrays.copyOf(a, size);
        }
    }
}
