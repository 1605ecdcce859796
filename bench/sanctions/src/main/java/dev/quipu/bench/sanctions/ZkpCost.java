package dev.quipu.bench.sanctions;

import dev.quipu.sanctions.api.MatchingSettings;
import dev.quipu.sanctions.api.ScreeningResponses;
import dev.quipu.sanctions.freshness.ListFreshness;
import dev.quipu.sanctions.freshness.SourceMode;
import dev.quipu.sanctions.lists.BundledLists;
import dev.quipu.sanctions.matching.NameNormalizer;
import dev.quipu.sanctions.matching.Screener;
import dev.quipu.sanctions.matching.ScreeningIndex;
import dev.quipu.sanctions.matching.Token;
import dev.quipu.sanctions.zkp.PrivateScreening;
import dev.quipu.sanctions.zkp.ZkpPrepare;
import dev.quipu.sanctions.zkp.ZkpScheme;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/** Cost of one commitment-mode and one k-anonymity request over the real bundled lists (service index, no padding). */
public final class ZkpCost {

    public static void main(String[] args) {
        NameNormalizer normalizer = new NameNormalizer();
        BundledLists bundled = new BundledLists();
        ScreeningIndex index = ScreeningIndex.build(bundled.load(), normalizer);
        PrivateScreening zkp = new PrivateScreening(new Screener(normalizer),
                new ScreeningResponses(new MatchingSettings(0.70, 0.95, 0.85, 10),
                        v -> new ListFreshness.Freshness(SourceMode.SNAPSHOT, 0, false, java.time.Duration.ofDays(7))), 0.70, 10);
        System.out.println("vocabulary: " + new ZkpPrepare(normalizer).document(index, zkp).get("vocabulary"));
        SecureRandom random = new SecureRandom();
        String[] names = {"Gilberto José Rodríguez Orejuela", "María Fernanda Gómez Restrepo", "Comercializadora Ñandú S.A. de C.V."};
        long[] commit = new long[300];
        long[] kanon = new long[300];
        for (int i = 0; i < commit.length; i++) {
            List<Token> tokens = normalizer.tokens(names[i % names.length]);
            byte[] salt = new byte[16];
            random.nextBytes(salt);
            var mac = ZkpScheme.mac(salt);
            List<String> parts = tokens.stream().map(Token::text).toList();
            List<String> c = parts.stream().map(p -> ZkpScheme.commit(mac, ZkpScheme.partMessage(p))).toList();
            Map<String, Object> req = Map.of("scheme_version", "qz-1", "mode", "commitment", "commitments",
                    Map.of("salt", HexFormat.of().formatHex(salt), "name", ZkpScheme.commit(mac, ZkpScheme.nameMessage(parts)), "parts", c));
            long t = System.nanoTime();
            zkp.screen(index, req);
            commit[i] = System.nanoTime() - t;
            List<String> prefixes = new ArrayList<>();
            tokens.stream().filter(Token::informative).forEach(x -> prefixes.add(ZkpScheme.digest(x.text()).substring(0, 4)));
            t = System.nanoTime();
            zkp.screen(index, Map.of("scheme_version", "qz-1", "mode", "k_anonymity", "prefixes", prefixes));
            kanon[i] = System.nanoTime() - t;
        }
        Arrays.sort(commit);
        Arrays.sort(kanon);
        System.out.printf("commitment mode: p50 %.1f ms, p99 %.1f ms; k-anonymity (4 hex): p50 %.1f ms, p99 %.1f ms (300 requests each, first ones included)%n",
                commit[150] / 1e6, commit[296] / 1e6, kanon[150] / 1e6, kanon[296] / 1e6);
    }
}
