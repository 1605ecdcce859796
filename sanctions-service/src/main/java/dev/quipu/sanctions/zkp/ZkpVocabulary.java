package dev.quipu.sanctions.zkp;

import dev.quipu.sanctions.matching.ScreeningIndex;
import dev.quipu.sanctions.matching.Token;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every distinct normalised part of every indexed list name, with its part digest, the names that
 * contain it, and digest-prefix buckets. Built once per index (a refresh gets a new one).
 */
final class ZkpVocabulary {

    final ScreeningIndex index;
    final Token[] tokens;
    final String[] digests;
    /** for each token, the ids of the indexed names containing it */
    final int[][] names;
    /** digest prefix of {@link ZkpScheme#MAX_PREFIX} hex chars → token ids */
    private final Map<String, int[]> buckets;

    private ZkpVocabulary(ScreeningIndex index, Token[] tokens, String[] digests, int[][] names, Map<String, int[]> buckets) {
        this.index = index;
        this.tokens = tokens;
        this.digests = digests;
        this.names = names;
        this.buckets = buckets;
    }

    static ZkpVocabulary of(ScreeningIndex index) {
        Map<String, Integer> ids = new HashMap<>();
        List<Token> tokens = new ArrayList<>();
        List<List<Integer>> postings = new ArrayList<>();
        for (int n = 0; n < index.nameCount(); n++) {
            for (Token t : index.name(n).tokens()) {
                Integer id = ids.get(t.text());
                if (id == null) {
                    id = tokens.size();
                    ids.put(t.text(), id);
                    tokens.add(t);
                    postings.add(new ArrayList<>());
                }
                List<Integer> p = postings.get(id);
                if (p.isEmpty() || p.get(p.size() - 1) != n) {
                    p.add(n);
                }
            }
        }
        String[] digests = new String[tokens.size()];
        int[][] names = new int[tokens.size()][];
        Map<String, List<Integer>> buckets = new HashMap<>();
        for (int i = 0; i < digests.length; i++) {
            digests[i] = ZkpScheme.digest(tokens.get(i).text());
            names[i] = postings.get(i).stream().mapToInt(Integer::intValue).toArray();
            buckets.computeIfAbsent(digests[i].substring(0, ZkpScheme.MAX_PREFIX), k -> new ArrayList<>()).add(i);
        }
        Map<String, int[]> frozen = new HashMap<>();
        buckets.forEach((k, v) -> frozen.put(k, v.stream().mapToInt(Integer::intValue).toArray()));
        return new ZkpVocabulary(index, tokens.toArray(Token[]::new), digests, names, frozen);
    }

    int size() {
        return tokens.length;
    }

    /** Token ids whose digest starts with the prefix (3–5 hex chars). */
    int[] bucket(String prefix) {
        if (prefix.length() == ZkpScheme.MAX_PREFIX) {
            return buckets.getOrDefault(prefix, new int[0]);
        }
        // shorter prefixes: scan the 16 or 256 longer buckets under it
        List<Integer> out = new ArrayList<>();
        int extra = ZkpScheme.MAX_PREFIX - prefix.length();
        int n = 1 << (4 * extra);
        for (int i = 0; i < n; i++) {
            String suffix = String.format("%0" + extra + "x", i);
            for (int t : buckets.getOrDefault(prefix + suffix, new int[0])) {
                out.add(t);
            }
        }
        int[] a = out.stream().mapToInt(Integer::intValue).toArray();
        Arrays.sort(a);
        return a;
    }

    /** Mean and minimum number of list parts per bucket for each allowed prefix length (published in prepare). */
    Map<String, Object> bucketStatistics() {
        Map<String, Object> out = new LinkedHashMap<>();
        for (int len = ZkpScheme.MIN_PREFIX; len <= ZkpScheme.MAX_PREFIX; len++) {
            Map<String, Integer> counts = new HashMap<>();
            for (String d : digests) {
                counts.merge(d.substring(0, len), 1, Integer::sum);
            }
            int buckets = 1 << (4 * len);
            int empty = buckets - counts.size();
            int min = empty > 0 ? 0 : counts.values().stream().mapToInt(Integer::intValue).min().orElse(0);
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("buckets", buckets);
            s.put("mean_list_parts_per_bucket", Math.round(1000.0 * digests.length / buckets) / 1000.0);
            s.put("min_list_parts_per_bucket", min);
            s.put("max_list_parts_per_bucket", counts.values().stream().mapToInt(Integer::intValue).max().orElse(0));
            out.put(String.valueOf(len), s);
        }
        return out;
    }
}
