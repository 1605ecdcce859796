package dev.quipu.sanctions.zkp;

import dev.quipu.sanctions.api.MatchingSettings;
import dev.quipu.sanctions.api.ScreeningResponses;
import dev.quipu.sanctions.freshness.ListFreshness;
import dev.quipu.sanctions.freshness.SourceMode;
import dev.quipu.sanctions.matching.RealIndex;
import dev.quipu.sanctions.matching.Screener;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ZkpPrepareTest {

    private final Map<String, Object> doc = new ZkpPrepare(RealIndex.NORMALIZER).document(RealIndex.INDEX,
            new PrivateScreening(new Screener(RealIndex.NORMALIZER),
                    new ScreeningResponses(new MatchingSettings(0.70, 0.95, 0.85, 10),
                    v -> new ListFreshness.Freshness(SourceMode.SNAPSHOT, 0, false, java.time.Duration.ofDays(7))), 0.70, 10));

    @SuppressWarnings("unchecked")
    private List<Map<String, Object>> vectors() {
        return (List<Map<String, Object>>) doc.get("test_vectors");
    }

    @Test
    void theDocumentNamesItsSchemeAndNormalisationVersions() {
        assertEquals("qz-1", doc.get("scheme_version"));
        assertEquals("qn-1", doc.get("normalisation_version"));
        assertTrue(vectors().size() >= 5);
    }

    @Test
    @SuppressWarnings("unchecked")
    void everyTestVectorRecomputesFromThePublishedConstructions() throws Exception {
        for (Map<String, Object> v : vectors()) {
            List<String> parts = (List<String>) v.get("parts");
            assertEquals(String.join(" ", parts), v.get("normalised"));
            assertEquals(parts, RealIndex.NORMALIZER.tokens((String) v.get("input")).stream().map(t -> t.text()).toList());
            String salt = (String) v.get("salt");
            for (int i = 0; i < parts.size(); i++) {
                assertEquals(ZkpClient.digest(parts.get(i)), ((List<String>) v.get("part_digests")).get(i));
                assertEquals(ZkpClient.hmac(salt, "qz-1|part|" + parts.get(i)), ((List<String>) v.get("part_commitments")).get(i));
            }
            assertEquals(ZkpClient.hmac(salt, "qz-1|name|" + v.get("normalised")), v.get("name_commitment"));
        }
    }

    @Test
    void theVectorsPinTheNormalisationOfAccentsParticlesLegalFormsCyrillicAndInitials() {
        assertEquals(List.of("jose maria garcia lopez de la cruz", "rodriguez orejuela gilberto jose",
                        "comercializadora nandu sacv", "dmitriy shostakovich", "obrien j 11420 corp"),
                vectors().stream().map(v -> v.get("normalised")).toList());
        assertEquals(List.of("word", "word", "word", "word", "particle", "particle", "word"), vectors().get(0).get("kinds"));
    }

    @Test
    void workedValuesMatchAnOutsideImplementation() {
        // computed with coreutils sha256sum and Python's hmac module, not with Java
        assertEquals("a0768393a53e8cbe1a8783e6cf1271d971331ec184c0b4d56b72cea41abb7892",
                ((List<?>) vectors().get(0).get("part_digests")).get(2));
        assertEquals("f6d13c1c52d6ba8c3195cdf472c770c73a239e70646fb5678ad33d9e267c404b", vectors().get(0).get("name_commitment"));
    }
}
