package dev.quipu.proof;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.web3j.crypto.ECKeyPair;
import org.web3j.crypto.Keys;
import org.web3j.crypto.Sign;
import org.web3j.utils.Numeric;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Both secp256k1 engines compute exactly what web3j's Sign.signedMessageHashToKey computes. */
class SignerRecoveryTest {

    private static final BigInteger N = Sign.CURVE_PARAMS.getN();
    private static final byte[] DIGEST_A = Numeric.hexStringToByteArray(
            "0xf256992871671abcb27ff92885a7afa46218724e5fc0bac35d050115aa1d22e6");
    /** Vector A of the research note: the x402 spec's own example, signed by 0x857b…6b66. */
    static final String SIG_A_HEX = "0x2d6a7588d6acca505cbf0d9a4a227e0c52c6c34008c8e8986a1283259764173608a2ce6496642e377d6da8dbbf5836e9bd15092f9ecab05ded3d6293af148b571c";
    private static final byte[] SIG_A = Numeric.hexStringToByteArray(SIG_A_HEX);

    static Stream<SignerRecovery> engines() {
        return Stream.of(new LibSecp256k1Recovery(), new BouncyCastleRecovery());
    }

    @Test
    void theNativeEngineLoadsOnThisPlatform() {
        assertEquals("libsecp256k1", SignerRecovery.fastest().engine());
    }

    @ParameterizedTest
    @MethodSource("engines")
    void recoversTheSignerOfVectorA(SignerRecovery engine) {
        assertEquals("0x857b06519e91e3a54538791bdbb0e22373e36b66",
                engine.recoverAddress(DIGEST_A, r(SIG_A), s(SIG_A), SIG_A[64]));
    }

    @ParameterizedTest
    @MethodSource("engines")
    void agreesWithWeb3jOnRandomKeysAndDigests(SignerRecovery engine) throws Exception {
        Random random = new Random(7);
        for (int i = 0; i < 200; i++) {
            ECKeyPair key = ECKeyPair.create(new BigInteger(250, random).add(BigInteger.ONE));
            byte[] digest = new byte[32];
            random.nextBytes(digest);
            Sign.SignatureData sig = Sign.signMessage(digest, key, false);
            String web3j = "0x" + Keys.getAddress(Sign.signedMessageHashToKey(digest, sig));
            assertEquals("0x" + Keys.getAddress(key), web3j);
            assertEquals(web3j, engine.recoverAddress(digest, sig.getR(), sig.getS(), sig.getV()[0]));
        }
    }

    @ParameterizedTest
    @MethodSource("engines")
    void theOtherParityRecoversSomeoneElse(SignerRecovery engine) {
        String other = engine.recoverAddress(DIGEST_A, r(SIG_A), s(SIG_A), SIG_A[64] == 27 ? 28 : 27);
        assertEquals(false, "0x857b06519e91e3a54538791bdbb0e22373e36b66".equals(other));
    }

    @ParameterizedTest
    @MethodSource("engines")
    void aVOtherThan27Or28RecoversNobody(SignerRecovery engine) {
        assertNull(engine.recoverAddress(DIGEST_A, r(SIG_A), s(SIG_A), 29));
        assertNull(engine.recoverAddress(DIGEST_A, r(SIG_A), s(SIG_A), 0));
    }

    @ParameterizedTest
    @MethodSource("engines")
    void rOrSOutsideOneToNRecoversNobody(SignerRecovery engine) {
        byte[] zero = new byte[32];
        byte[] n = Numeric.toBytesPadded(N, 32);
        assertNull(engine.recoverAddress(DIGEST_A, zero, s(SIG_A), SIG_A[64]));
        assertNull(engine.recoverAddress(DIGEST_A, r(SIG_A), zero, SIG_A[64]));
        assertNull(engine.recoverAddress(DIGEST_A, n, s(SIG_A), SIG_A[64]));
        assertNull(engine.recoverAddress(DIGEST_A, r(SIG_A), n, SIG_A[64]));
    }

    @ParameterizedTest
    @MethodSource("engines")
    void anRThatIsNoPointsXRecoversNobody(SignerRecovery engine) {
        // x = 5: 5^3 + 7 = 132 is not a square modulo p, so no curve point has that x
        byte[] five = Numeric.toBytesPadded(BigInteger.valueOf(5), 32);
        assertNull(engine.recoverAddress(DIGEST_A, five, s(SIG_A), SIG_A[64]));
    }

    private static byte[] r(byte[] sig) {
        return Arrays.copyOfRange(sig, 0, 32);
    }

    private static byte[] s(byte[] sig) {
        return Arrays.copyOfRange(sig, 32, 64);
    }
}
