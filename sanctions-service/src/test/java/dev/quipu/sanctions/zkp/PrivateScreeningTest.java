package dev.quipu.sanctions.zkp;

import dev.quipu.sanctions.api.MatchingSettings;
import dev.quipu.sanctions.api.ScreeningResponses;
import dev.quipu.sanctions.freshness.ListFreshness;
import dev.quipu.sanctions.freshness.SourceMode;
import dev.quipu.sanctions.matching.RealIndex;
import dev.quipu.sanctions.matching.Screener;
import dev.quipu.sanctions.matching.Token;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PrivateScreeningTest {

    private static final String SALT_A = "5f1e3c0a9b8d7e6f5a4b3c2d1e0f9a8b";
    private static final String SALT_B = "a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4";

    private final PrivateScreening screening = new PrivateScreening(new Screener(RealIndex.NORMALIZER),
            new ScreeningResponses(new MatchingSettings(0.70, 0.95, 0.85, 10),
                    v -> new ListFreshness.Freshness(SourceMode.SNAPSHOT, 0, false, java.time.Duration.ofDays(7))), 0.70, 10);

    private static List<String> parts(String name) {
        return RealIndex.NORMALIZER.tokens(name).stream().map(Token::text).toList();
    }

    private Map<String, Object> commitment(String salt, String name, String type) throws Exception {
        return screening.screen(RealIndex.INDEX, Map.of("scheme_version", "qz-1", "mode", "commitment", "type", type,
                "commitments", ZkpClient.commitments(salt, parts(name))));
    }

    @Test
    @SuppressWarnings("unchecked")
    void commitmentModeFindsAListedPersonFromCommitmentsAlone() throws Exception {
        Map<String, Object> r = commitment(SALT_A, "Gilberto José Rodríguez Orejuela", "person");
        assertEquals("HIGH", r.get("risk_category"));
        Map<String, Object> top = ((List<Map<String, Object>>) r.get("matches")).get(0);
        assertEquals("OFAC_SDN:4107", top.get("entity_id"));
        Map<String, Object> privacy = (Map<String, Object>) r.get("privacy");
        assertEquals(4, privacy.get("parts_received"));
        assertEquals(4, privacy.get("parts_recognised"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void commitmentModeToleratesAnOmittedSecondSurnameAndOtherOrder() throws Exception {
        Map<String, Object> r = commitment(SALT_A, "RODRIGUEZ, Gilberto José", "person");
        assertEquals("OFAC_SDN:4107", ((List<Map<String, Object>>) r.get("matches")).get(0).get("entity_id"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void aPartNoListNameHasStaysUnrecognisedAndMatchesNothing() throws Exception {
        Map<String, Object> r = commitment(SALT_A, "Xochiquetzal Huitzilopochtli Tlacaelel", "person");
        assertEquals("NONE", r.get("risk_category"));
        assertEquals(0, ((Map<String, Object>) r.get("privacy")).get("parts_recognised"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void aFreshSaltGivesUnlinkableCommitmentsAndTheSameAnswer() throws Exception {
        List<String> p = parts("Gilberto José Rodríguez Orejuela");
        assertNotEquals(ZkpClient.commitments(SALT_A, p).get("name"), ZkpClient.commitments(SALT_B, p).get("name"));
        Map<String, Object> a = commitment(SALT_A, "Gilberto José Rodríguez Orejuela", "person");
        Map<String, Object> b = commitment(SALT_B, "Gilberto José Rodríguez Orejuela", "person");
        assertEquals(a.get("risk_score"), b.get("risk_score"));
        assertEquals(((List<Map<String, Object>>) a.get("matches")).get(0).get("entity_id"),
                ((List<Map<String, Object>>) b.get("matches")).get(0).get("entity_id"));
    }

    @Test
    void aNameCommitmentThatIsNotTheJoinedPartsIsRefused() throws Exception {
        List<String> p = parts("Gilberto José Rodríguez Orejuela");
        Map<String, Object> c = new java.util.HashMap<>(ZkpClient.commitments(SALT_A, p));
        c.put("name", ZkpClient.hmac(SALT_A, "qz-1|name|someone else"));
        var e = assertThrows(PrivateScreening.InvalidInput.class, () -> screening.screen(RealIndex.INDEX,
                Map.of("scheme_version", "qz-1", "mode", "commitment", "commitments", c)));
        assertEquals(List.of("body", "commitments", "name"), e.errors().get(0).loc());
    }

    @Test
    void malformedCommitmentsAreNamedFieldByField() {
        var e = assertThrows(PrivateScreening.InvalidInput.class, () -> screening.screen(RealIndex.INDEX,
                Map.of("scheme_version", "qz-1", "mode", "commitment",
                        "commitments", Map.of("salt", "abc", "name", "XYZ", "parts", List.of("00", 7)))));
        List<List<Object>> locs = e.errors().stream().map(x -> x.loc()).toList();
        assertEquals(List.of(List.of("body", "commitments", "salt"), List.of("body", "commitments", "name"),
                List.of("body", "commitments", "parts", 0), List.of("body", "commitments", "parts", 1)), locs);
    }

    @Test
    void anUnknownSchemeVersionIsRefused() {
        var e = assertThrows(PrivateScreening.InvalidInput.class, () -> screening.screen(RealIndex.INDEX,
                Map.of("scheme_version", "qz-0", "mode", "k_anonymity", "prefixes", List.of("abcd"))));
        assertEquals(List.of("body", "scheme_version"), e.errors().get(0).loc());
    }

    @Test
    @SuppressWarnings("unchecked")
    void kAnonymityReturnsCandidatesTheClientMatchesLocally() throws Exception {
        List<Token> tokens = RealIndex.NORMALIZER.tokens("Gilberto José Rodríguez Orejuela");
        Set<String> own = new HashSet<>();
        List<String> prefixes = new ArrayList<>();
        for (Token t : tokens) {
            String d = ZkpClient.digest(t.text());
            own.add(d);
            if (t.informative()) {
                prefixes.add(d.substring(0, 4));
            }
        }
        Map<String, Object> r = screening.screen(RealIndex.INDEX, Map.of("scheme_version", "qz-1", "mode", "k_anonymity",
                "type", "person", "prefixes", prefixes));
        assertEquals("CLIENT_SIDE", r.get("risk_category"));
        // every own part that a list name has is in its bucket
        Map<String, List<String>> buckets = (Map<String, List<String>>) r.get("buckets");
        for (String p : prefixes) {
            assertTrue(buckets.get(p).stream().anyMatch(own::contains), "own part under " + p);
        }
        // the client's local rule: a candidate whose informative parts are all among its own digests
        List<Map<String, Object>> local = ((List<Map<String, Object>>) r.get("candidates")).stream()
                .filter(c -> ((List<Map<String, String>>) c.get("parts")).stream()
                        .filter(p -> p.get("kind").equals("word") || p.get("kind").equals("number"))
                        .allMatch(p -> own.contains(p.get("digest"))))
                .toList();
        assertTrue(local.stream().anyMatch(c -> c.get("entity_id").equals("OFAC_SDN:4107")), local.toString());
    }

    @Test
    void badPrefixesAreNamedByPosition() {
        var e = assertThrows(PrivateScreening.InvalidInput.class, () -> screening.screen(RealIndex.INDEX,
                Map.of("scheme_version", "qz-1", "mode", "k_anonymity", "prefixes", List.of("abcd", "ab", "ABCD", "abcdef"))));
        assertEquals(List.of(List.of("body", "prefixes", 1), List.of("body", "prefixes", 2), List.of("body", "prefixes", 3)),
                e.errors().stream().map(x -> x.loc()).toList());
    }

    @Test
    void kAnonymityWithoutPrefixesIsRefused() {
        var e = assertThrows(PrivateScreening.InvalidInput.class, () -> screening.screen(RealIndex.INDEX,
                Map.of("scheme_version", "qz-1", "mode", "k_anonymity")));
        assertEquals(List.of("body", "prefixes"), e.errors().get(0).loc());
    }
}
