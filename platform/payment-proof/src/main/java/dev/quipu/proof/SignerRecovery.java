package dev.quipu.proof;

import org.slf4j.LoggerFactory;

/**
 * Who signed a 32-byte digest: secp256k1 public-key recovery from an Ethereum signature (r, s,
 * v in {27, 28}), as USDC's ECRecover does it on chain. Two engines compute the same function (tests
 * compare both with web3j's {@code Sign.signedMessageHashToKey}): bitcoin-core's libsecp256k1
 * through a JNI binding, about four times faster, and BouncyCastle in pure Java where that native
 * library cannot load.
 */
public interface SignerRecovery {

    /** The 0x-prefixed lower-case address that signed {@code digest}, or null when none can be recovered. */
    String recoverAddress(byte[] digest, byte[] r, byte[] s, int v);

    /** Which implementation this is, for {@code /health} and the logs. */
    String engine();

    /** libsecp256k1 when its native library loads on this platform, otherwise the pure-Java engine. */
    static SignerRecovery fastest() {
        try {
            return new LibSecp256k1Recovery();
        } catch (LinkageError | RuntimeException e) {
            LoggerFactory.getLogger(SignerRecovery.class).warn(
                    "libsecp256k1 is not available here ({}); recovering signers with BouncyCastle", e.toString());
            return pureJava();
        }
    }

    static SignerRecovery pureJava() {
        return new BouncyCastleRecovery();
    }
}
