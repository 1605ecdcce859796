package dev.quipu.proof;

import org.web3j.crypto.ECKeyPair;
import org.web3j.crypto.Sign;
import org.web3j.utils.Numeric;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * A 65-byte Ethereum signature {@code r ‖ s ‖ v} held to the rules of USDC's ECRecover: {@code v} in
 * {27, 28} (0 and 1 are normalised, as wallets write either), {@code r} and {@code s} non-zero, and a
 * low {@code s} (at most half the curve order; FiatToken rejects the high-s twin of a signature).
 * Longer signatures belong to smart wallets (ERC-1271 / ERC-6492) and can only be checked on chain.
 */
public record EvmSignature(byte[] r, byte[] s, int v) {

    /** USDC's ECRecover rejects s above half the curve order. */
    public static final BigInteger HALF_N = Sign.CURVE_PARAMS.getN().shiftRight(1);

    /** Whether the bytes are a contract-wallet signature (longer than 65 bytes), checkable only on chain. */
    public static boolean isContractWallet(byte[] signature) {
        return signature.length > 65;
    }

    /** The signature's parts, or {@link Invalid} saying which rule it breaks. */
    public static EvmSignature parse(byte[] sig) throws Invalid {
        if (sig.length != 65) {
            throw new Invalid("the signature is " + sig.length + " bytes long; 65 (r, s, v) are expected");
        }
        int v = sig[64] & 0xff;
        if (v == 0 || v == 1) {
            v += 27;
        }
        if (v != 27 && v != 28) {
            throw new Invalid("the signature's v is " + (sig[64] & 0xff) + "; 27 or 28 is expected");
        }
        byte[] r = Arrays.copyOfRange(sig, 0, 32);
        byte[] s = Arrays.copyOfRange(sig, 32, 64);
        BigInteger sValue = new BigInteger(1, s);
        if (sValue.signum() == 0 || new BigInteger(1, r).signum() == 0) {
            throw new Invalid("the signature has a zero r or s");
        }
        if (sValue.compareTo(HALF_N) > 0) {
            throw new Invalid("the signature's s is in the upper half of the curve order (a high-s signature); USDC"
                    + " rejects it, sign again with a canonical low-s signature");
        }
        return new EvmSignature(r, s, v);
    }

    /**
     * Signs a 32-byte digest as a wallet signs typed data: {@code r ‖ s ‖ v}, low s, v 27/28, as 0x hex
     * (for clients, tools and tests with development keys).
     */
    public static String sign(byte[] digest, ECKeyPair key) {
        Sign.SignatureData sig = Sign.signMessage(digest, key, false);
        byte[] out = new byte[65];
        System.arraycopy(sig.getR(), 0, out, 0, 32);
        System.arraycopy(sig.getS(), 0, out, 32, 32);
        out[64] = sig.getV()[0];
        return Numeric.toHexString(out);
    }

    /** The 0x-prefixed lower-case address that signed {@code digest}, or null when none can be recovered. */
    public String signer(byte[] digest, SignerRecovery recovery) {
        return recovery.recoverAddress(digest, r, s, v);
    }

    /** A signature that breaks one of the rules. */
    public static final class Invalid extends Exception {
        public Invalid(String message) {
            super(message);
        }
    }
}
