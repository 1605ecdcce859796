package dev.quipu.payment.x402;

import dev.quipu.proof.Network;
import dev.quipu.proof.SignerRecovery;
import io.micronaut.json.JsonMapper;
import org.junit.jupiter.api.Test;
import org.web3j.crypto.Sign;
import org.web3j.utils.Numeric;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Test vectors A, B and C of the research note (shared/research/x402.md §2.4), with an injected clock. */
class Eip3009VerifierTest {

    static final JsonMapper JSON = JsonMapper.createDefault();
    static final PaymentHeaderCodec CODEC = new PaymentHeaderCodec(JSON, 8192);

    // Vector A: the spec's own example (Base Sepolia, domain name "USDC")
    static final PaymentRequirements REQ_A = new PaymentRequirements("exact", "eip155:84532", "10000",
            "0x036CbD53842c5426634e7929541eC2318f3dCF7e", "0x209693Bc6afc0C5328bA36FaF03C514EF312287C", 60,
            Map.of("name", "USDC", "version", "2"));
    static final String SIG_A = "0x2d6a7588d6acca505cbf0d9a4a227e0c52c6c34008c8e8986a1283259764173608a2ce6496642e377d6da8dbbf5836e9bd15092f9ecab05ded3d6293af148b571c";
    static final String HIGH_S_TWIN_A = "0x2d6a7588d6acca505cbf0d9a4a227e0c52c6c34008c8e8986a128325976417"
            + "36f75d319b699bd1c88292572440a7c914fd99d3b7107defddd294fbf92121b5ea1b";
    static final long NOW_A = 1740672100L;

    // Vector B: a public test key (mogami-tech/x402-commons), Base Sepolia
    static final String KEY_B = "0x9d2675820d55300a05c8991df217a619bcfdc86e2fd91e56443dbbcf159337fd";
    static final PaymentRequirements REQ_B = new PaymentRequirements("exact", "eip155:84532", "10000",
            "0x036CbD53842c5426634e7929541eC2318f3dCF7e", "0x7553F6FA4Fb62986b64f79aEFa1fB93ea64A22b1", 60,
            Map.of("name", "USDC", "version", "2"));
    static final String SIG_B = "0xde533856d81c76984a8dbc8d563bbb6d6d4ca36ce6c4d6e8cf315de3bfc14ab26d6bcdc37549aeed78bf92e39d5180268f8f399a4ffb816cfbf500823882b6001c";
    static final String NONCE_B = "0x9b750f5097972d82c02ac371278b83ecf3ca3be8387db59e664eb38c98f97a3d";
    static final long NOW_B = 1748534700L;

    // Vector C: Base mainnet, domain name "USD Coin", the full PAYMENT-SIGNATURE header
    static final String HEADER_C = "eyJ4NDAyVmVyc2lvbiI6MiwicmVzb3VyY2UiOnsidXJsIjoiaHR0cHM6Ly9hcGkuZXhhbXBsZS5jb20vcHJlbWl1bS1kYXRhIiwiZGVzY3JpcHRpb24iOiJBY2Nlc3MgdG8gcHJlbWl1bSBtYXJrZXQgZGF0YSIsIm1pbWVUeXBlIjoiYXBwbGljYXRpb24vanNvbiJ9LCJhY2NlcHRlZCI6eyJzY2hlbWUiOiJleGFjdCIsIm5ldHdvcmsiOiJlaXAxNTU6ODQ1MyIsImFtb3VudCI6IjEwMDAwIiwiYXNzZXQiOiIweDgzMzU4OWZDRDZlRGI2RTA4ZjRjN0MzMkQ0ZjcxYjU0YmRBMDI5MTMiLCJwYXlUbyI6IjB4MjA5NjkzQmM2YWZjMEM1MzI4YkEzNkZhRjAzQzUxNEVGMzEyMjg3QyIsIm1heFRpbWVvdXRTZWNvbmRzIjo2MCwiZXh0cmEiOnsibmFtZSI6IlVTRCBDb2luIiwidmVyc2lvbiI6IjIifX0sInBheWxvYWQiOnsic2lnbmF0dXJlIjoiMHhhYmQxOTI0NzU1OTdjZDgxMGVkNjE2NDkzNTZkM2E3NmI2ZGNhZWI1ZWM0YjcyOGI3NmEyYmU1NzA5MTZhNzgwMDhlZjdhMTdlYzE0ZTIxMDE1MDVhMTg2ZTQ5ZWQ4NjhhNDIyNTBlOGMyNTI3ZjQ4MzBmNTZhYjNkMGRjMTYyNjFiIiwiYXV0aG9yaXphdGlvbiI6eyJmcm9tIjoiMHhmMzlGZDZlNTFhYWQ4OEY2RjRjZTZhQjg4MjcyNzljZmZGYjkyMjY2IiwidG8iOiIweDIwOTY5M0JjNmFmYzBDNTMyOGJBMzZGYUYwM0M1MTRFRjMxMjI4N0MiLCJ2YWx1ZSI6IjEwMDAwIiwidmFsaWRBZnRlciI6IjE3NDA2NzE0ODkiLCJ2YWxpZEJlZm9yZSI6IjE3NDA2NzIxNTQiLCJub25jZSI6IjB4ZjM3NDY2MTNjMmQ5MjBiNWZkYWJjMDg1NmYyYWViMmQ0Zjg4ZWU2MDM3YjhjYzVkMDRhNzFhNDQ2MmYxMzQ4MCJ9fX0=";
    static final PaymentRequirements REQ_C = new PaymentRequirements("exact", "eip155:8453", "10000",
            "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", "0x209693Bc6afc0C5328bA36FaF03C514EF312287C", 60,
            Map.of("name", "USD Coin", "version", "2"));
    static final long NOW_C = 1740672100L;

    static Eip3009Verifier verifierAt(long epochSecond) {
        return new Eip3009Verifier(Clock.fixed(Instant.ofEpochSecond(epochSecond), ZoneOffset.UTC), 6, 30, SignerRecovery.fastest());
    }

    static PaymentPayload vectorA(String signature) throws Refusal {
        Map<String, Object> auth = new LinkedHashMap<>();
        auth.put("from", "0x857b06519E91e3A54538791bDbb0E22373e36b66");
        auth.put("to", "0x209693Bc6afc0C5328bA36FaF03C514EF312287C");
        auth.put("value", "10000");
        auth.put("validAfter", "1740672089");
        auth.put("validBefore", "1740672154");
        auth.put("nonce", "0xf3746613c2d920b5fdabc0856f2aeb2d4f88ee6037b8cc5d04a71a4462f13480");
        return encodeDecode(REQ_A, signature, auth);
    }

    static PaymentPayload encodeDecode(PaymentRequirements accepted, String signature, Map<String, Object> auth) throws Refusal {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("x402Version", 2);
        doc.put("accepted", accepted.toWire());
        doc.put("payload", Map.of("signature", signature, "authorization", auth));
        return CODEC.decodeV2(CODEC.encode(doc));
    }

    static PaymentSigner signerB(long now) {
        return new PaymentSigner(KEY_B, JSON, Clock.fixed(Instant.ofEpochSecond(now), ZoneOffset.UTC));
    }

    /** Vector B's authorization with some fields replaced, correctly signed by key B. */
    static PaymentPayload signedB(PaymentRequirements advertised, String to, String value, long validAfter, long validBefore) throws Refusal {
        PaymentSigner signer = signerB(NOW_B);
        PaymentRequirements accepted = advertised;
        Map<String, Object> auth = signer.authorization(new PaymentRequirements(accepted.scheme(), accepted.network(),
                        accepted.amount(), accepted.asset(), to, accepted.maxTimeoutSeconds(), accepted.extra()),
                new BigInteger(value), BigInteger.valueOf(validAfter), BigInteger.valueOf(validBefore), NONCE_B);
        String sig = signer.sign(accepted, auth);
        return encodeDecode(accepted, sig, auth);
    }

    static String refusal(Eip3009Verifier verifier, PaymentPayload payload, PaymentRequirements req, Network network) {
        return assertThrows(Refusal.class, () -> verifier.verify(payload, req, network)).reason();
    }

    @Test
    void vectorARecoversTheSpecExamplePayer() throws Exception {
        Authorization auth = verifierAt(NOW_A).verify(vectorA(SIG_A), REQ_A, Network.BASE_SEPOLIA);
        assertEquals("0x857b06519E91e3A54538791bDbb0E22373e36b66", auth.from());
        assertFalse(auth.deferred());
    }

    @Test
    void vectorADigestIsTheOneComputedIndependently() {
        byte[] digest = verifierAt(NOW_A).digest("USDC", "2", 84532, REQ_A.asset(),
                "0x857b06519E91e3A54538791bDbb0E22373e36b66", REQ_A.payTo(), BigInteger.valueOf(10000),
                BigInteger.valueOf(1740672089L), BigInteger.valueOf(1740672154L),
                "0xf3746613c2d920b5fdabc0856f2aeb2d4f88ee6037b8cc5d04a71a4462f13480");
        assertEquals("0xf256992871671abcb27ff92885a7afa46218724e5fc0bac35d050115aa1d22e6", Numeric.toHexString(digest));
    }

    @Test
    void fastDigestEqualsStructuredDataEncoderOnEveryVectorAndRandomAuthorizations() {
        Eip3009Verifier v = verifierAt(NOW_A);
        assertEquals("0x7c7c6cdb67a18743f49ec6fa9b35f50d52ed05cbed4cc592e13b44501c1a2267",
                Numeric.toHexString(Eip3009Verifier.TRANSFER_TYPEHASH));
        java.util.Random random = new java.util.Random(42);
        for (int i = 0; i < 20; i++) {
            byte[] nonce = new byte[32];
            random.nextBytes(nonce);
            boolean mainnet = i % 2 == 0;
            Object[] args = {mainnet ? "USD Coin" : "USDC", "2", mainnet ? 8453L : 84532L, mainnet ? REQ_C.asset() : REQ_A.asset(),
                    "0x857b06519E91e3A54538791bDbb0E22373e36b66", REQ_C.payTo(), BigInteger.valueOf(random.nextInt(1_000_000)),
                    BigInteger.valueOf(1740671489L + i), BigInteger.valueOf(1740672154L + i), Numeric.toHexString(nonce)};
            assertEquals(Numeric.toHexString(v.digestWithEncoder((String) args[0], (String) args[1], (Long) args[2], (String) args[3],
                            (String) args[4], (String) args[5], (BigInteger) args[6], (BigInteger) args[7], (BigInteger) args[8], (String) args[9])),
                    Numeric.toHexString(v.digest((String) args[0], (String) args[1], (Long) args[2], (String) args[3],
                            (String) args[4], (String) args[5], (BigInteger) args[6], (BigInteger) args[7], (BigInteger) args[8], (String) args[9])));
        }
        byte[] c = v.digestWithEncoder("USD Coin", "2", 8453, REQ_C.asset(), "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
                REQ_C.payTo(), BigInteger.valueOf(10000), BigInteger.valueOf(1740671489L), BigInteger.valueOf(1740672154L),
                "0xf3746613c2d920b5fdabc0856f2aeb2d4f88ee6037b8cc5d04a71a4462f13480");
        assertEquals("0xd569b76267d571bd976ae53601ead1414e90e857da8ccae46288e8c848216b66", Numeric.toHexString(c));
    }

    @Test
    void vectorBIsReproducedByteForByteFromItsKeyAndVerifies() throws Exception {
        PaymentSigner signer = signerB(NOW_B);
        assertEquals("0x2980bc24bBFB34DE1BBC91479Cb712ffbCE02F73".toLowerCase(), signer.address().toLowerCase());
        Map<String, Object> auth = signer.authorization(REQ_B, BigInteger.valueOf(10000), BigInteger.valueOf(1748534647L),
                BigInteger.valueOf(1748534767L), NONCE_B);
        assertEquals(SIG_B, signer.sign(REQ_B, auth));
        Authorization verified = verifierAt(NOW_B).verify(encodeDecode(REQ_B, SIG_B, auth), REQ_B, Network.BASE_SEPOLIA);
        assertTrue(verified.from().equalsIgnoreCase(signer.address()));
    }

    @Test
    void vectorCHeaderDecodesAndVerifiesOnBaseMainnet() throws Exception {
        PaymentPayload payload = CODEC.decodeV2(HEADER_C);
        assertTrue(REQ_C.acceptedBy(payload.accepted()));
        Authorization auth = verifierAt(NOW_C).verify(payload, REQ_C, Network.BASE);
        assertEquals("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", auth.from());
    }

    @Test
    void wrongDomainNameRecoversSomeoneElseAndIsRefused() throws Exception {
        PaymentRequirements usdcName = new PaymentRequirements("exact", "eip155:8453", "10000", REQ_C.asset(),
                REQ_C.payTo(), 60, Map.of("name", "USDC", "version", "2"));
        assertEquals(Reasons.SIGNATURE, refusal(verifierAt(NOW_C), CODEC.decodeV2(HEADER_C), usdcName, Network.BASE));
    }

    @Test
    void highSTwinRecoversTheSameSignerButIsRefused() throws Exception {
        BigInteger s = new BigInteger(HIGH_S_TWIN_A.substring(66, 130), 16);
        BigInteger low = new BigInteger(SIG_A.substring(66, 130), 16);
        assertEquals(Sign.CURVE_PARAMS.getN(), s.add(low));
        Refusal r = assertThrows(Refusal.class, () -> verifierAt(NOW_A).verify(vectorA(HIGH_S_TWIN_A), REQ_A, Network.BASE_SEPOLIA));
        assertEquals(Reasons.SIGNATURE, r.reason());
        assertTrue(r.getMessage().contains("high-s"));
    }

    @Test
    void vZeroOrOneIsNormalised() throws Exception {
        String v0 = SIG_A.substring(0, 130) + "01"; // 0x1c - 27
        assertEquals("0x857b06519E91e3A54538791bDbb0E22373e36b66",
                verifierAt(NOW_A).verify(vectorA(v0), REQ_A, Network.BASE_SEPOLIA).from());
        assertEquals(Reasons.SIGNATURE, refusal(verifierAt(NOW_A), vectorA(SIG_A.substring(0, 130) + "1d"), REQ_A, Network.BASE_SEPOLIA));
    }

    @Test
    void authorizationToAnotherRecipientIsRefused() throws Exception {
        PaymentPayload p = signedB(REQ_B, "0x209693Bc6afc0C5328bA36FaF03C514EF312287C", "10000", 1748534647L, 1748534767L);
        assertEquals(Reasons.RECIPIENT, refusal(verifierAt(NOW_B), p, REQ_B, Network.BASE_SEPOLIA));
    }

    @Test
    void underpaymentIsRefused() throws Exception {
        PaymentPayload p = signedB(REQ_B, REQ_B.payTo(), "9999", 1748534647L, 1748534767L);
        assertEquals(Reasons.VALUE, refusal(verifierAt(NOW_B), p, REQ_B, Network.BASE_SEPOLIA));
    }

    @Test
    void overpaymentIsRefused() throws Exception {
        PaymentPayload p = signedB(REQ_B, REQ_B.payTo(), "10001", 1748534647L, 1748534767L);
        assertEquals(Reasons.VALUE, refusal(verifierAt(NOW_B), p, REQ_B, Network.BASE_SEPOLIA));
    }

    @Test
    void expiredAuthorizationIsRefused() throws Exception {
        assertEquals(Reasons.VALID_BEFORE, refusal(verifierAt(1740672154L + 1), CODEC.decodeV2(HEADER_C), REQ_C, Network.BASE));
        assertEquals(Reasons.VALID_BEFORE, refusal(verifierAt(Instant.parse("2026-01-01T00:00:00Z").getEpochSecond()),
                CODEC.decodeV2(HEADER_C), REQ_C, Network.BASE));
    }

    @Test
    void authorizationExpiringWithinTheSettleMarginIsRefused() throws Exception {
        assertEquals(Reasons.VALID_BEFORE, refusal(verifierAt(1740672154L - 5), CODEC.decodeV2(HEADER_C), REQ_C, Network.BASE));
    }

    @Test
    void notYetValidAuthorizationIsRefused() throws Exception {
        assertEquals(Reasons.VALID_AFTER, refusal(verifierAt(1740671489L), CODEC.decodeV2(HEADER_C), REQ_C, Network.BASE));
    }

    @Test
    void authorizationValidTooFarInTheFutureIsRefused() throws Exception {
        PaymentPayload p = signedB(REQ_B, REQ_B.payTo(), "10000", NOW_B - 600, NOW_B + 600);
        assertEquals(Reasons.VALID_BEFORE, refusal(verifierAt(NOW_B), p, REQ_B, Network.BASE_SEPOLIA));
    }

    @Test
    void tamperedAmountIsRefused() throws Exception {
        PaymentPayload original = CODEC.decodeV2(HEADER_C);
        Map<String, Object> auth = new LinkedHashMap<>(original.authorization());
        auth.put("value", "20000");
        PaymentRequirements dearer = new PaymentRequirements("exact", REQ_C.network(), "20000", REQ_C.asset(),
                REQ_C.payTo(), 60, REQ_C.extra());
        // against the real price: the amount no longer matches
        assertEquals(Reasons.VALUE, refusal(verifierAt(NOW_C), encodeDecode(REQ_C, original.signature(), auth), REQ_C, Network.BASE));
        // against a price that matches the tampered value: the signature no longer does
        assertEquals(Reasons.SIGNATURE, refusal(verifierAt(NOW_C), encodeDecode(dearer, original.signature(), auth), dearer, Network.BASE));
    }

    @Test
    void smartWalletSignatureIsDeferredNotRejected() throws Exception {
        String longSig = SIG_A + "00".repeat(64) + "6492649264926492649264926492649264926492649264926492649264926492";
        Authorization auth = verifierAt(NOW_A).verify(vectorA(longSig), REQ_A, Network.BASE_SEPOLIA);
        assertTrue(auth.deferred());
    }

    @Test
    void truncatedSignatureIsRefused() throws Exception {
        assertEquals(Reasons.SIGNATURE, refusal(verifierAt(NOW_A), vectorA(SIG_A.substring(0, 120)), REQ_A, Network.BASE_SEPOLIA));
    }

    @Test
    void schemeOtherThanExactIsRefused() throws Exception {
        PaymentRequirements upto = new PaymentRequirements("upto", REQ_A.network(), "10000", REQ_A.asset(), REQ_A.payTo(), 60, REQ_A.extra());
        PaymentPayload p = encodeDecode(upto, SIG_A, vectorA(SIG_A).authorization());
        assertEquals(Reasons.SCHEME, refusal(verifierAt(NOW_A), p, REQ_A, Network.BASE_SEPOLIA));
    }

    @Test
    void missingAuthorizationFieldIsAMalformedPayload() throws Exception {
        Map<String, Object> auth = new LinkedHashMap<>(vectorA(SIG_A).authorization());
        auth.remove("nonce");
        assertEquals(Reasons.INVALID_PAYLOAD, refusal(verifierAt(NOW_A), encodeDecode(REQ_A, SIG_A, auth), REQ_A, Network.BASE_SEPOLIA));
        auth.put("nonce", "0x1234");
        assertEquals(Reasons.INVALID_PAYLOAD, refusal(verifierAt(NOW_A), encodeDecode(REQ_A, SIG_A, auth), REQ_A, Network.BASE_SEPOLIA));
    }

    @Test
    void acceptedMatchingRequiresCoreFieldsAndAllowsExtraSuperset() {
        Map<String, Object> more = new LinkedHashMap<>(REQ_C.extra());
        more.put("assetTransferMethod", "eip3009");
        assertTrue(REQ_C.acceptedBy(new PaymentRequirements("exact", "eip155:8453", "10000",
                REQ_C.asset().toLowerCase(), REQ_C.payTo().toLowerCase(), 60, more)));
        assertFalse(REQ_C.acceptedBy(new PaymentRequirements("exact", "eip155:8453", "10000", REQ_C.asset(),
                "0x0000000000000000000000000000000000000001", 60, REQ_C.extra())));
        assertFalse(REQ_C.acceptedBy(new PaymentRequirements("exact", "eip155:8453", "10000", REQ_C.asset(),
                REQ_C.payTo(), 60, Map.of("name", "USD Coin"))));
        assertFalse(REQ_C.acceptedBy(new PaymentRequirements("exact", "eip155:8453", "1000", REQ_C.asset(),
                REQ_C.payTo(), 60, REQ_C.extra())));
        assertFalse(REQ_C.acceptedBy(new PaymentRequirements("exact", "eip155:8453", "10000", REQ_C.asset(),
                REQ_C.payTo(), 300, REQ_C.extra())));
    }

    static String b64(String text) {
        return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }
}
