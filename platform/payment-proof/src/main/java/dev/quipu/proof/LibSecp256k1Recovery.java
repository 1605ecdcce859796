package dev.quipu.proof;

import fr.acinq.secp256k1.Secp256k1;
import org.web3j.crypto.Hash;
import org.web3j.utils.Numeric;

import java.util.Arrays;

/**
 * Recovery with bitcoin-core's libsecp256k1 (constant-time, the most reviewed secp256k1 code there
 * is) through ACINQ's JNI binding, which ships the native library for Linux, macOS and Windows.
 * libsecp256k1 refuses r or s outside [1, n) itself; it is not asked about high s, which the
 * verifier refuses before recovery, as USDC does.
 */
final class LibSecp256k1Recovery implements SignerRecovery {

    private final Secp256k1 secp256k1;

    /** @throws LinkageError or RuntimeException when the native library cannot be loaded here */
    LibSecp256k1Recovery() {
        this.secp256k1 = Secp256k1.Companion.get();
    }

    @Override
    public String engine() {
        return "libsecp256k1";
    }

    @Override
    public String recoverAddress(byte[] digest, byte[] r, byte[] s, int v) {
        int recId = v - 27;
        if (recId < 0 || recId > 1 || digest.length != 32 || r.length != 32 || s.length != 32) {
            return null;
        }
        byte[] compact = new byte[64];
        System.arraycopy(r, 0, compact, 0, 32);
        System.arraycopy(s, 0, compact, 32, 32);
        byte[] uncompressed;
        try {
            uncompressed = secp256k1.ecdsaRecover(compact, digest, recId);
        } catch (RuntimeException e) {
            return null; // Secp256k1Exception: r or s out of range, or no point with x = r
        }
        byte[] hash = Hash.sha3(Arrays.copyOfRange(uncompressed, 1, uncompressed.length));
        return Numeric.toHexString(Arrays.copyOfRange(hash, 12, 32));
    }
}
