package dev.quipu.payment.x402;

import org.junit.jupiter.api.Test;
import org.web3j.crypto.ECKeyPair;
import org.web3j.crypto.Keys;
import org.web3j.crypto.Sign;
import org.web3j.utils.Numeric;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The verifier's recovery agrees with web3j's Sign.signedMessageHashToKey. */
class Secp256k1RecoveryTest {

    @Test
    void agreesWithWeb3jOnVectorAAndOnRandomSignatures() throws Exception {
        byte[] digestA = Numeric.hexStringToByteArray("0xf256992871671abcb27ff92885a7afa46218724e5fc0bac35d050115aa1d22e6");
        byte[] sigA = Numeric.hexStringToByteArray(Eip3009VerifierTest.SIG_A);
        assertEquals("0x857b06519e91e3a54538791bdbb0e22373e36b66", Secp256k1Recovery.recoverAddress(digestA,
                Arrays.copyOfRange(sigA, 0, 32), Arrays.copyOfRange(sigA, 32, 64), sigA[64]));
        Random random = new Random(7);
        for (int i = 0; i < 50; i++) {
            ECKeyPair key = ECKeyPair.create(new BigInteger(250, random).add(BigInteger.ONE));
            byte[] digest = new byte[32];
            random.nextBytes(digest);
            Sign.SignatureData sig = Sign.signMessage(digest, key, false);
            String web3j = "0x" + Keys.getAddress(Sign.signedMessageHashToKey(digest, sig));
            assertEquals(web3j, Secp256k1Recovery.recoverAddress(digest, sig.getR(), sig.getS(), sig.getV()[0]));
            assertEquals("0x" + Keys.getAddress(key), web3j);
        }
    }
}
