package dev.quipu.sanctions.zkp;

import dev.quipu.sanctions.matching.NameNormalizer;
import dev.quipu.sanctions.matching.ScreeningIndex;
import dev.quipu.sanctions.matching.Token;

import javax.crypto.Mac;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * The document of GET /sanctions/zkp/prepare: the exact normalisation, the digest and commitment
 * constructions, both request shapes and worked test vectors computed by this very code (a test
 * recomputes them independently).
 */
public final class ZkpPrepare {

    /** Example inputs of the test vectors: accents, particles, a legal form, OFAC order, Cyrillic, an initial, a number. */
    static final List<String> VECTOR_INPUTS = List.of(
            "José María GARCÍA-López de la Cruz",
            "RODRIGUEZ OREJUELA, Gilberto José",
            "Comercializadora Ñandú S.A. de C.V.",
            "Дмитрий Шостакович",
            "O'Brien, J. 11420 Corp.");
    /** The salt of the worked examples only; a client must draw a fresh random salt per request. */
    static final String EXAMPLE_SALT = "000102030405060708090a0b0c0d0e0f";

    private final NameNormalizer normalizer;

    public ZkpPrepare(NameNormalizer normalizer) {
        this.normalizer = normalizer;
    }

    public Map<String, Object> document(ScreeningIndex index, PrivateScreening screening) {
        ZkpVocabulary vocab = screening.vocabulary(index);
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("scheme_version", ZkpScheme.VERSION);
        d.put("normalisation_version", NameNormalizer.VERSION);
        d.put("endpoint", "POST /sanctions/zkp");
        d.put("threat_model", "docs/zkp.md: a bare hash of a name can be reversed by guessing. Commitment mode hides the "
                + "name from the network and logs and makes requests unlinkable, but the server can still test guesses, and "
                + "learns every part that is a word of a list name. k-anonymity mode shows the server only short digest "
                + "prefixes shared by many words; the client matches the candidates itself.");
        d.put("normalisation", normalisation());
        Map<String, Object> hashing = new LinkedHashMap<>();
        hashing.put("encoding", "UTF-8 bytes of the message; hex output in lower case");
        hashing.put("part_digest", "D(p) = hex(SHA-256(\"qz-1|part|\" + p))");
        hashing.put("part_commitment", "C(s, p) = hex(HMAC-SHA256(key = bytes of s, message = \"qz-1|part|\" + p))");
        hashing.put("name_commitment", "N(s) = hex(HMAC-SHA256(key = bytes of s, message = \"qz-1|name|\" + parts joined by one blank))");
        hashing.put("salt", "s: " + ZkpScheme.MIN_SALT_BYTES + "-" + ZkpScheme.MAX_SALT_BYTES
                + " bytes from a cryptographic random generator, fresh for every request, sent as lower-case hex");
        d.put("hashing", hashing);
        Map<String, Object> modes = new LinkedHashMap<>();
        modes.put("commitment", Map.of(
                "request", Map.of("scheme_version", ZkpScheme.VERSION, "mode", "commitment", "type", "person|company (optional)",
                        "commitments", Map.of("salt", "hex salt", "name", "N(s)", "parts", "[C(s, p) for each part, in order]")),
                "response", "a sanctions result (risk_score, risk_category, matches, lists_checked) plus privacy "
                        + "{parts_received, parts_recognised}",
                "matching", "a part is recognised only when it is exactly a part of some list name; typos in a part are "
                        + "not tolerated (a hash has no distance); order, omitted parts, initials and particles are"));
        modes.put("k_anonymity", Map.of(
                "request", Map.of("scheme_version", ZkpScheme.VERSION, "mode", "k_anonymity", "type", "person|company (optional)",
                        "prefixes", "[first L hex characters of D(p) for each informative part (kind word or number)]"),
                "prefix_length", Map.of("min", ZkpScheme.MIN_PREFIX, "max", ZkpScheme.MAX_PREFIX,
                        "recommended", ZkpScheme.RECOMMENDED_PREFIX),
                "response", "buckets {prefix: [every list part digest under it]} and up to " + PrivateScreening.CANDIDATE_LIMIT
                        + " candidates (list name in clear - list data is public - with each part's digest and kind), "
                        + "risk_category CLIENT_SIDE",
                "client_matching", "compute D(p) of every own part; a part is present when its digest is in its bucket; "
                        + "a candidate whose informative parts are all among the own digests (or that the client's own "
                        + "fuzzy matcher accepts on the clear candidate_name) is a match to review"));
        d.put("modes", modes);
        d.put("vocabulary", Map.of("list_parts", vocab.size(), "buckets_by_prefix_length", vocab.bucketStatistics()));
        d.put("test_vectors", vectors());
        return d;
    }

    private Map<String, Object> normalisation() {
        Map<String, Object> n = new LinkedHashMap<>();
        n.put("steps", List.of(
                "1. Unicode NFKC, then full Unicode case folding (ICU UCharacter.foldCase, default mode).",
                "2. If non-ASCII letters remain: a name whose non-Latin letters are all Cyrillic, Greek, Armenian, Georgian or "
                        + "Hangul is transliterated with the ICU transform 'Russian-Latin/BGN; Any-Latin; Latin-ASCII' and case "
                        + "folded again; a name with only Latin letters gets 'Latin-ASCII'; a name with any other script "
                        + "(Arabic, Han, Kana, ...) is left as it is.",
                "3. Delete . ' ’ ` ´ ; every other character that is not a letter, digit or non-spacing mark separates words.",
                "4. Legal forms: from the second word on (or when the name is one word), replace the longest listed word "
                        + "sequence - tried in the order of legal_forms, first match wins - by its code (kind legal_form).",
                "5. Drop a leading honorific when the name has more than two words.",
                "6. Each remaining word is a part: all digits -> kind number; one character -> initial; listed particle -> "
                        + "particle; else word.",
                "7. Keep the parts in their order; the normalised name is the parts joined by one blank."));
        n.put("legal_forms", NameNormalizer.legalForms().stream().map(f -> List.of(f.getKey(), f.getValue())).toList());
        n.put("particles", new TreeSet<>(NameNormalizer.particles()));
        n.put("honorifics", new TreeSet<>(NameNormalizer.honorifics()));
        n.put("informative_kinds", List.of("word", "number"));
        return n;
    }

    List<Map<String, Object>> vectors() {
        Mac mac = ZkpScheme.mac(HexFormat.of().parseHex(EXAMPLE_SALT));
        return VECTOR_INPUTS.stream().map(input -> {
            List<Token> tokens = normalizer.tokens(input);
            List<String> parts = tokens.stream().map(Token::text).toList();
            Map<String, Object> v = new LinkedHashMap<>();
            v.put("input", input);
            v.put("parts", parts);
            v.put("kinds", tokens.stream().map(t -> t.kind().name().toLowerCase(Locale.ROOT)).toList());
            v.put("normalised", String.join(" ", parts));
            v.put("part_digests", parts.stream().map(ZkpScheme::digest).toList());
            v.put("prefixes_" + ZkpScheme.RECOMMENDED_PREFIX, tokens.stream().filter(Token::informative)
                    .map(t -> ZkpScheme.digest(t.text()).substring(0, ZkpScheme.RECOMMENDED_PREFIX)).toList());
            v.put("salt", EXAMPLE_SALT);
            v.put("part_commitments", parts.stream().map(p -> ZkpScheme.commit(mac, ZkpScheme.partMessage(p))).toList());
            v.put("name_commitment", ZkpScheme.commit(mac, ZkpScheme.nameMessage(parts)));
            return v;
        }).toList();
    }
}
