package dev.quipu.audit.chain;

import dev.quipu.contracts.events.CallCompleted;
import org.erdtman.jcs.JsonCanonicalizer;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * payment, data_versions and outcome are written in canonical form directly instead of being
 * built as JSON and run through the RFC 8785 canonicaliser; the bytes must be the same for every
 * value an event can carry.
 */
class CanonicalPartsTest {

    /** The rule as it was first implemented: a flat JSON object, canonicalised by the JCS library. */
    private static String viaCanonicaliser(Map<String, ?> fields) throws Exception {
        return new JsonCanonicalizer(AuditHashes.flatJson(new TreeMap<>(fields))).getEncodedString();
    }

    private static String paymentViaCanonicaliser(CallCompleted call) throws Exception {
        Map<String, Object> f = new HashMap<>();
        f.put("access", call.access());
        f.put("payer", call.payer());
        f.put("charged_atomic", Long.toString(call.chargedAtomic()));
        CallCompleted.PaymentRef ref = call.paymentRef();
        f.put("network", ref == null ? null : ref.network());
        f.put("transaction", ref == null ? null : ref.transaction());
        f.put("nonce", ref == null ? null : ref.nonce());
        return viaCanonicaliser(f);
    }

    private static String outcomeViaCanonicaliser(CallCompleted call) throws Exception {
        Map<String, Object> f = new HashMap<>();
        f.put("operation_id", call.operationId());
        f.put("status", call.status());
        f.put("latency_ms", call.latencyMs());
        return viaCanonicaliser(f);
    }

    private static CallCompleted call(String text, long charged, long latency, int status, boolean withRef,
                                      Map<String, String> versions) {
        return new CallCompleted("0190f5a0-7b1c-7d2e-8f3a-4b5c6d7e8f90", "2025-01-15T14:30:00Z", text, "POST /x",
                "agent-1", text.isEmpty() ? null : text, text, "0.01", charged,
                withRef ? new CallCompleted.PaymentRef(text, text.isEmpty() ? null : text + "t", text + "n") : null,
                status, latency, "{}", "{}", versions);
    }

    private static void assertSameAsCanonicaliser(CallCompleted call) throws Exception {
        assertEquals(paymentViaCanonicaliser(call), AuditHashes.payment(call), "payment of " + call);
        assertEquals(outcomeViaCanonicaliser(call), AuditHashes.outcome(call), "outcome of " + call);
        assertEquals(viaCanonicaliser(call.dataVersions()), AuditHashes.dataVersions(call), "data_versions of " + call);
    }

    @Test
    void everyCharacterIsWrittenAsTheCanonicaliserWritesIt() throws Exception {
        // each UTF-16 code unit (control characters, quote, backslash, U+2028, lone surrogates, ...)
        for (int c = 0; c <= 0xFFFF; c += (c < 0x800 ? 1 : 97)) {
            String s = "a" + (char) c + "b";
            assertSameAsCanonicaliser(call(s, 1, 2, 200, true, Map.of(s, s, "k", "v")));
        }
        assertSameAsCanonicaliser(call("\uD83D\uDE00 \u2028 \u00e9 \u007f \\\" \\u0000", 0, 0, 0, true, Map.of()));
    }

    @Test
    void randomValuesAndDataVersionNamesGiveTheCanonicaliserBytes() throws Exception {
        Random random = new Random(8785);
        for (int i = 0; i < 2_000; i++) {
            Map<String, String> versions = new HashMap<>();
            for (int v = random.nextInt(5); v > 0; v--) {
                versions.put(randomText(random), randomText(random));
            }
            assertSameAsCanonicaliser(call(randomText(random), random.nextLong(), random.nextInt(100_000) - 10,
                    random.nextInt(), random.nextBoolean(), versions));
        }
    }

    @Test
    void numbersBeyondTwoToThe53AreRoundedAsTheCanonaliserRoundsThem() throws Exception {
        for (long latency : List.of(0L, -1L, 1L << 53, (1L << 53) + 1, -(1L << 53) - 1, Long.MAX_VALUE, Long.MIN_VALUE + 1,
                123_456_789_012_345_678L, 999_999_999_999_999_999L)) {
            for (int status : List.of(Integer.MIN_VALUE, -1, 0, 200, Integer.MAX_VALUE)) {
                for (long charged : List.of(Long.MIN_VALUE, 0L, Long.MAX_VALUE)) {
                    assertSameAsCanonicaliser(call("x", charged, latency, status, true, Map.of()));
                }
            }
        }
        assertSameAsCanonicaliser(call("", 0, 0, 0, false, Map.of()));
    }

    /** The proof through the JCS library: a JSON text with every member (nulls included) in arbitrary order. */
    private static String proofViaCanonicaliser(CallCompleted.PaymentProof p) throws Exception {
        Map<String, Object> f = new HashMap<>();
        f.put("scheme", p.scheme());
        f.put("network", p.network());
        f.put("asset", p.asset());
        f.put("pay_to", p.payTo());
        f.put("amount", p.amount());
        f.put("signature", p.signature());
        f.put("transaction", p.transaction());
        f.put("settlement", p.settlement());
        f.put("unverifiable_offline", p.unverifiableOffline());
        String flat = AuditHashes.flatJson(f);
        String auth = "null";
        if (p.authorization() != null) {
            Map<String, Object> a = new HashMap<>();
            a.put("value", p.authorization().value());
            a.put("from", p.authorization().from());
            a.put("valid_before", p.authorization().validBefore());
            a.put("to", p.authorization().to());
            a.put("nonce", p.authorization().nonce());
            a.put("valid_after", p.authorization().validAfter());
            auth = AuditHashes.flatJson(a);
        }
        return new JsonCanonicalizer(flat.substring(0, flat.length() - 1) + ",\"authorization\":" + auth + "}").getEncodedString();
    }

    @Test
    void theProofPartIsWhatTheCanonicaliserWrites() throws Exception {
        Random random = new Random(3009);
        for (int i = 0; i < 2_000; i++) {
            CallCompleted.TransferAuthorization auth = random.nextInt(4) == 0 ? null : new CallCompleted.TransferAuthorization(
                    randomText(random), randomText(random), randomText(random), randomText(random), randomText(random),
                    randomText(random));
            CallCompleted.PaymentProof proof = new CallCompleted.PaymentProof(randomText(random), randomText(random),
                    randomText(random), randomText(random), randomText(random), auth, random.nextBoolean() ? null : randomText(random),
                    random.nextBoolean() ? null : randomText(random), randomText(random), random.nextBoolean() ? null : randomText(random));
            assertEquals(proofViaCanonicaliser(proof), AuditHashes.proof(proof), proof.toString());
        }
    }

    private static String randomText(Random random) {
        StringBuilder s = new StringBuilder();
        for (int n = random.nextInt(12); n > 0; n--) {
            int kind = random.nextInt(4);
            s.append(switch (kind) {
                case 0 -> (char) random.nextInt(0x20);
                case 1 -> (char) (0x20 + random.nextInt(0x60));
                case 2 -> (char) random.nextInt(0x10000);
                default -> "\"\\/é€😀".charAt(random.nextInt(7));
            });
        }
        return s.toString();
    }
}
