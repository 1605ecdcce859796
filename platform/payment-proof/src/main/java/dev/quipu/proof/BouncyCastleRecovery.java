package dev.quipu.proof;

import org.bouncycastle.asn1.x9.X9IntegerConverter;
import org.bouncycastle.math.ec.ECAlgorithms;
import org.bouncycastle.math.ec.ECPoint;
import org.web3j.crypto.Hash;
import org.web3j.crypto.Sign;
import org.web3j.utils.Numeric;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * Public-key recovery for secp256k1 in pure Java (BouncyCastle): the same computation as web3j's
 * {@code Sign.signedMessageHashToKey} on the same curve parameters, without its check that
 * {@code n·R} is the point at infinity: secp256k1 has cofactor 1, so every point on the curve has
 * order n and that full scalar multiplication (a third of the cost) can never fail. Tests compare
 * this with web3j on the test vectors and on random signatures.
 */
final class BouncyCastleRecovery implements SignerRecovery {

    private static final BigInteger N = Sign.CURVE_PARAMS.getN();
    private static final BigInteger P = Sign.CURVE_PARAMS.getCurve().getField().getCharacteristic();
    private static final X9IntegerConverter X9 = new X9IntegerConverter();

    @Override
    public String engine() {
        return "bouncycastle";
    }

    @Override
    public String recoverAddress(byte[] digest, byte[] r, byte[] s, int v) {
        int recId = v - 27;
        BigInteger rValue = new BigInteger(1, r);
        BigInteger sValue = new BigInteger(1, s);
        if (recId < 0 || recId > 1 || rValue.signum() == 0 || rValue.compareTo(N) >= 0 || sValue.signum() == 0
                || sValue.compareTo(N) >= 0 || rValue.compareTo(P) >= 0) {
            return null;
        }
        byte[] compressed = X9.integerToBytes(rValue, 1 + X9.getByteLength(Sign.CURVE_PARAMS.getCurve()));
        compressed[0] = (byte) ((recId & 1) == 1 ? 0x03 : 0x02);
        ECPoint point;
        try {
            point = Sign.CURVE_PARAMS.getCurve().decodePoint(compressed);
        } catch (IllegalArgumentException e) {
            return null;
        }
        BigInteger e = new BigInteger(1, digest);
        BigInteger rInv = rValue.modInverse(N);
        BigInteger eInvrInv = N.subtract(e).mod(N).multiply(rInv).mod(N);
        BigInteger srInv = rInv.multiply(sValue).mod(N);
        ECPoint q = ECAlgorithms.sumOfTwoMultiplies(Sign.CURVE_PARAMS.getG(), eInvrInv, point, srInv).normalize();
        if (q.isInfinity()) {
            return null;
        }
        byte[] uncompressed = q.getEncoded(false);
        byte[] hash = Hash.sha3(Arrays.copyOfRange(uncompressed, 1, uncompressed.length));
        return Numeric.toHexString(Arrays.copyOfRange(hash, 12, 32));
    }
}
