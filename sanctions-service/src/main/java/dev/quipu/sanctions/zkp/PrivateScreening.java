package dev.quipu.sanctions.zkp;

import dev.quipu.contracts.validation.ValidationError;
import dev.quipu.sanctions.api.ScreeningResponses;
import dev.quipu.sanctions.lists.Entity;
import dev.quipu.sanctions.lists.EntityType;
import dev.quipu.sanctions.lists.ListId;
import dev.quipu.sanctions.matching.Match;
import dev.quipu.sanctions.matching.Screener;
import dev.quipu.sanctions.matching.ScreeningIndex;
import dev.quipu.sanctions.matching.ScreeningQuery;
import dev.quipu.sanctions.matching.Token;

import javax.crypto.Mac;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

/**
 * POST /sanctions/zkp without HTTP. Commitment mode: the server recognises a part only when it is
 * itself a part of some list name (it MACs its whole vocabulary with the request's salt), screens
 * the recognised parts with the ordinary scorer, and unrecognised parts count as parts that match
 * nothing. k-anonymity mode: the server sees only digest prefixes and returns the list names whose
 * parts fall in those buckets, with their digests, for the client to match itself.
 */
public final class PrivateScreening {

    /** Candidate entries returned in k-anonymity mode, most bucket hits first. */
    static final int CANDIDATE_LIMIT = 200;
    private static final Set<ListId> ALL = EnumSet.allOf(ListId.class);

    private final Screener screener;
    private final ScreeningResponses responses;
    private final double threshold;
    private final int limit;
    private final AtomicReference<ZkpVocabulary> vocabulary = new AtomicReference<>();

    public PrivateScreening(Screener screener, ScreeningResponses responses, double threshold, int limit) {
        this.screener = screener;
        this.responses = responses;
        this.threshold = threshold;
        this.limit = limit;
    }

    /** Bad input, as the spec's 422 entries. */
    public static final class InvalidInput extends RuntimeException {
        private final List<ValidationError> errors;

        InvalidInput(List<ValidationError> errors) {
            super(errors.toString(), null, false, false);
            this.errors = List.copyOf(errors);
        }

        public List<ValidationError> errors() {
            return errors;
        }
    }

    ZkpVocabulary vocabulary(ScreeningIndex index) {
        ZkpVocabulary v = vocabulary.get();
        if (v == null || v.index != index) {
            v = ZkpVocabulary.of(index);
            vocabulary.set(v);
        }
        return v;
    }

    /** The validated request fields (scheme_version, mode, type, commitments, prefixes). */
    public Map<String, Object> screen(ScreeningIndex index, Map<String, Object> fields) {
        if (!ZkpScheme.VERSION.equals(fields.get("scheme_version"))) {
            throw invalid(List.of("body", "scheme_version"), "Unsupported scheme version; GET /sanctions/zkp/prepare publishes "
                    + ZkpScheme.VERSION, "value_error");
        }
        String type = (String) fields.get("type");
        return "commitment".equals(fields.get("mode"))
                ? commitment(index, fields.get("commitments"), type)
                : kAnonymity(index, fields.get("prefixes"), type);
    }

    Map<String, Object> commitment(ScreeningIndex index, Object raw, String type) {
        if (!(raw instanceof Map<?, ?> c)) {
            throw invalid(List.of("body", "commitments"), "Field required in commitment mode: {salt, name, parts}", "missing");
        }
        List<ValidationError> errors = new ArrayList<>();
        byte[] salt = ZkpScheme.hex(c.get("salt") instanceof String s ? s : null, 2 * ZkpScheme.MIN_SALT_BYTES,
                2 * ZkpScheme.MAX_SALT_BYTES);
        if (salt == null) {
            errors.add(new ValidationError(List.of("body", "commitments", "salt"), "Should be " + ZkpScheme.MIN_SALT_BYTES
                    + "-" + ZkpScheme.MAX_SALT_BYTES + " random bytes as lower-case hex", "value_error"));
        }
        String name = c.get("name") instanceof String s ? s : null;
        if (ZkpScheme.hex(name, 64, 64) == null) {
            errors.add(new ValidationError(List.of("body", "commitments", "name"),
                    "Should be the name commitment: 64 lower-case hex characters", "value_error"));
        }
        List<String> parts = new ArrayList<>();
        if (!(c.get("parts") instanceof List<?> l) || l.isEmpty() || l.size() > ZkpScheme.MAX_PARTS) {
            errors.add(new ValidationError(List.of("body", "commitments", "parts"),
                    "Should be a list of 1-" + ZkpScheme.MAX_PARTS + " part commitments, in name order", "value_error"));
        } else {
            for (int i = 0; i < l.size(); i++) {
                if (l.get(i) instanceof String s && ZkpScheme.hex(s, 64, 64) != null) {
                    parts.add(s);
                } else {
                    errors.add(new ValidationError(List.of("body", "commitments", "parts", i),
                            "Should be a part commitment: 64 lower-case hex characters", "value_error"));
                }
            }
        }
        if (!errors.isEmpty()) {
            throw new InvalidInput(errors);
        }
        ZkpVocabulary vocab = vocabulary(index);
        Map<String, Integer> wanted = new HashMap<>();
        for (int i = 0; i < parts.size(); i++) {
            wanted.putIfAbsent(parts.get(i), i);
        }
        Token[] resolved = new Token[parts.size()];
        Mac mac = ZkpScheme.mac(salt);
        int found = 0;
        for (int t = 0; t < vocab.size() && found < wanted.size(); t++) {
            Integer at = wanted.get(ZkpScheme.commit(mac, ZkpScheme.partMessage(vocab.tokens[t].text())));
            if (at != null) {
                found++;
                for (int i = at; i < parts.size(); i++) {
                    if (parts.get(i).equals(parts.get(at))) {
                        resolved[i] = vocab.tokens[t];
                    }
                }
            }
        }
        List<Token> query = new ArrayList<>(parts.size());
        List<String> known = new ArrayList<>();
        int recognised = 0;
        for (int i = 0; i < parts.size(); i++) {
            if (resolved[i] != null) {
                recognised++;
                query.add(resolved[i]);
                known.add(resolved[i].text());
            } else {
                // a part no list name has: it can only count as an unmatched part
                String opaque = "~" + parts.get(i).substring(0, 12);
                query.add(new Token(opaque, Token.Kind.WORD, opaque));
            }
        }
        if (recognised == parts.size()
                && !ZkpScheme.commit(mac, ZkpScheme.nameMessage(known)).equals(name)) {
            throw invalid(List.of("body", "commitments", "name"),
                    "The name commitment is not the commitment of the parts joined by one blank (see the test vectors)",
                    "value_error");
        }
        ScreeningQuery q = new ScreeningQuery("", type, null, null, null, List.of(), ALL, threshold, limit);
        List<Match> matches = screener.screen(index, query, q);
        Map<String, Object> out = responses.result(matches, index, ALL);
        Map<String, Object> privacy = new LinkedHashMap<>();
        privacy.put("scheme_version", ZkpScheme.VERSION);
        privacy.put("mode", "commitment");
        privacy.put("parts_received", parts.size());
        // what the server could learn: a part that is a word of some list name is recognised
        privacy.put("parts_recognised", recognised);
        privacy.put("note", "Recognised parts are words that occur in list names; the server learnt those words. "
                + "Unrecognised parts matched nothing and stay hidden unless guessed (see docs/zkp.md).");
        out.put("privacy", privacy);
        return out;
    }

    Map<String, Object> kAnonymity(ScreeningIndex index, Object raw, String type) {
        if (!(raw instanceof List<?> l) || l.isEmpty()) {
            throw invalid(List.of("body", "prefixes"), "Field required in k_anonymity mode: a list of part digest prefixes",
                    "missing");
        }
        List<ValidationError> errors = new ArrayList<>();
        List<String> prefixes = new ArrayList<>();
        for (int i = 0; i < l.size(); i++) {
            if (l.get(i) instanceof String s && ZkpScheme.isHex(s) && s.length() >= ZkpScheme.MIN_PREFIX
                    && s.length() <= ZkpScheme.MAX_PREFIX) {
                if (!prefixes.contains(s)) {
                    prefixes.add(s);
                }
            } else {
                errors.add(new ValidationError(List.of("body", "prefixes", i), "Should be " + ZkpScheme.MIN_PREFIX + "-"
                        + ZkpScheme.MAX_PREFIX + " lower-case hex characters of a part digest", "value_error"));
            }
        }
        if (!errors.isEmpty()) {
            throw new InvalidInput(errors);
        }
        ZkpVocabulary vocab = vocabulary(index);
        Map<String, Object> buckets = new LinkedHashMap<>();
        int[] hits = new int[index.nameCount()];
        List<Integer> touched = new ArrayList<>();
        for (String p : prefixes) {
            int[] bucket = vocab.bucket(p);
            List<String> digests = new ArrayList<>(bucket.length);
            for (int t : bucket) {
                digests.add(vocab.digests[t]);
                if (!vocab.tokens[t].informative()) {
                    continue; // particles, initials, legal forms alone do not make a candidate
                }
                for (int n : vocab.names[t]) {
                    if (hits[n]++ == 0) {
                        touched.add(n);
                    }
                }
            }
            buckets.put(p, digests);
        }
        Integer[] order = touched.stream().filter(n -> eligible(index.entity(index.name(n).entity()), type))
                .toArray(Integer[]::new);
        Arrays.sort(order, (a, b) -> hits[b] != hits[a] ? Integer.compare(hits[b], hits[a])
                : Integer.compare(index.name(a).tokens().length, index.name(b).tokens().length));
        List<Map<String, Object>> candidates = new ArrayList<>();
        for (int i = 0; i < Math.min(order.length, CANDIDATE_LIMIT); i++) {
            ScreeningIndex.IndexedName n = index.name(order[i]);
            Entity e = index.entity(n.entity());
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("list", e.list().name());
            c.put("entity_id", e.id());
            c.put("entity_type", e.type().apiName());
            c.put("name", e.primaryName().full());
            c.put("candidate_name", n.name().full());
            c.put("alias_strength", n.name().strength().name().toLowerCase(Locale.ROOT));
            c.put("parts", Arrays.stream(n.tokens()).map(t -> Map.of("digest", ZkpScheme.digest(t.text()),
                    "kind", t.kind().name().toLowerCase(Locale.ROOT))).toList());
            c.put("prefix_hits", hits[order[i]]);
            c.put("programs", e.programs());
            c.put("listed_on", e.listedOn());
            candidates.add(c);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        // the server cannot score a name it never saw: the client matches the candidates itself
        out.put("risk_score", null);
        out.put("risk_category", "CLIENT_SIDE");
        out.put("matches", List.of());
        out.put("candidates", candidates);
        out.put("candidates_total", order.length);
        out.put("buckets", buckets);
        out.put("lists_checked", responses.listsChecked(index, ALL));
        out.put("privacy", Map.of("scheme_version", ZkpScheme.VERSION, "mode", "k_anonymity",
                "prefixes_received", prefixes.size(),
                "note", "The server saw only digest prefixes; each prefix is shared by many possible words (see docs/zkp.md)."));
        return out;
    }

    private static boolean eligible(Entity e, String type) {
        if (type == null || e.type() == EntityType.UNKNOWN) {
            return true;
        }
        return type.equals("person") ? e.type() == EntityType.PERSON : e.type() != EntityType.PERSON;
    }

    private static InvalidInput invalid(List<Object> loc, String msg, String type) {
        return new InvalidInput(List.of(new ValidationError(loc, msg, type)));
    }
}
