package dev.quipu.proof;

import dev.quipu.contracts.events.CallCompleted;
import org.junit.jupiter.api.Test;
import org.web3j.utils.Numeric;

import java.math.BigInteger;
import java.time.Duration;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The checker on the x402 spec's own example (vector A of the research note: Base Sepolia, domain
 * name "USDC", signed by 0x857b…6b66), independent of any Quipu signer; payment-service's
 * PaymentProofCheckTest covers signatures made with its PaymentSigner.
 */
class PaymentProofCheckVectorTest {

    static final String FROM = "0x857b06519E91e3A54538791bDbb0E22373e36b66";
    static final String PAY_TO = "0x209693Bc6afc0C5328bA36FaF03C514EF312287C";
    static final String NONCE = "0xf3746613c2d920b5fdabc0856f2aeb2d4f88ee6037b8cc5d04a71a4462f13480";

    static CallCompleted paid(String occurredAt, String signature) {
        CallCompleted.PaymentProof proof = new CallCompleted.PaymentProof("exact", "eip155:84532",
                Network.BASE_SEPOLIA.usdc(), PAY_TO, "10000",
                new CallCompleted.TransferAuthorization(FROM, PAY_TO, "10000", "1740672089", "1740672154", NONCE),
                signature, null, "0xsettled", null);
        return new CallCompleted("0190f5a0-7b1c-7d2e-8f3a-4b5c6d7e8f90", occurredAt, "sanctions_quick",
                "POST /sanctions/quick", "agent-vector-a", FROM.toLowerCase(), "paid", "0.01", 10000,
                new CallCompleted.PaymentRef("eip155:84532", "0xsettled", NONCE), 200, 5, "{}", "{}", Map.of(), proof);
    }

    @Test
    void theSpecExampleIsProvenByItsSigner() {
        PaymentProofCheck.Verdict v = PaymentProofCheck.standard().check(paid("2025-02-27T16:01:40.000000Z",
                SignerRecoveryTest.SIG_A_HEX));
        assertEquals(PaymentProofCheck.Status.VALID, v.status(), v.toString());
        assertEquals(FROM.toLowerCase(), v.signer());
        assertEquals("0xf256992871671abcb27ff92885a7afa46218724e5fc0bac35d050115aa1d22e6", v.digest());
    }

    @Test
    void bothEnginesAgree() {
        for (SignerRecovery engine : new SignerRecovery[] {new BouncyCastleRecovery(), new LibSecp256k1Recovery()}) {
            PaymentProofCheck check = new PaymentProofCheck(engine, Duration.ofSeconds(30), Set.of());
            assertEquals(PaymentProofCheck.Status.VALID,
                    check.check(paid("2025-02-27T16:01:40.000000Z", SignerRecoveryTest.SIG_A_HEX)).status(), engine.engine());
        }
    }

    @Test
    void theHighSTwinOfTheSameSignatureIsRefusedAsUsdcWould() {
        BigInteger n = org.web3j.crypto.Sign.CURVE_PARAMS.getN();
        byte[] sig = Numeric.hexStringToByteArray(SignerRecoveryTest.SIG_A_HEX);
        BigInteger s = new BigInteger(1, java.util.Arrays.copyOfRange(sig, 32, 64));
        System.arraycopy(Numeric.toBytesPadded(n.subtract(s), 32), 0, sig, 32, 32);
        sig[64] = (byte) (sig[64] == 27 ? 28 : 27);
        PaymentProofCheck.Verdict v = PaymentProofCheck.standard().check(paid("2025-02-27T16:01:40.000000Z",
                Numeric.toHexString(sig)));
        assertEquals("signature", v.code(), v.toString());
    }

    @Test
    void theDigestIsTheOneStructuredDataEncoderComputes() {
        byte[] fast = TransferWithAuthorization.digest(Network.BASE_SEPOLIA, FROM, PAY_TO, BigInteger.valueOf(10000),
                BigInteger.valueOf(1740672089L), BigInteger.valueOf(1740672154L), NONCE);
        byte[] web3j = TransferWithAuthorization.digestWithEncoder("USDC", "2", 84532, Network.BASE_SEPOLIA.usdc(), FROM,
                PAY_TO, BigInteger.valueOf(10000), BigInteger.valueOf(1740672089L), BigInteger.valueOf(1740672154L), NONCE);
        assertEquals(Numeric.toHexString(web3j), Numeric.toHexString(fast));
        assertEquals("0x7c7c6cdb67a18743f49ec6fa9b35f50d52ed05cbed4cc592e13b44501c1a2267",
                Numeric.toHexString(TransferWithAuthorization.TYPEHASH));
    }

    @Test
    void aSmartWalletSignatureCannotBeCheckedOffline() {
        String longSig = SignerRecoveryTest.SIG_A_HEX + "00".repeat(40);
        assertEquals(PaymentProofCheck.Status.UNVERIFIABLE_OFFLINE,
                PaymentProofCheck.standard().check(paid("2025-02-27T16:01:40.000000Z", longSig)).status());
    }
}
