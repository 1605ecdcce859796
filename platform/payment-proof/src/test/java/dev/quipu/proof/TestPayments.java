package dev.quipu.proof;

import dev.quipu.contracts.events.CallCompleted;
import org.web3j.crypto.Credentials;
import org.web3j.crypto.ECKeyPair;
import org.web3j.crypto.Sign;
import org.web3j.utils.Numeric;

import java.math.BigInteger;
import java.security.SecureRandom;
import java.time.Instant;

/**
 * Genuine payment proofs for the tests of every module that checks them (shared as this module's
 * test-jar): EIP-3009 authorizations signed as a wallet signs them (EIP-712 under USDC's domain on
 * Base), by the public development key (Hardhat/Anvil #0, never funded) or by throw-away wallets.
 */
public final class TestPayments {

    public static final Credentials DEV_WALLET =
            Credentials.create("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
    public static final String PAY_TO = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    private static final SecureRandom RANDOM = new SecureRandom();

    private TestPayments() {
    }

    /** A new wallet with a random key. */
    public static Credentials wallet() {
        BigInteger key = new BigInteger(256, RANDOM).mod(Sign.CURVE_PARAMS.getN().subtract(BigInteger.ONE)).add(BigInteger.ONE);
        return Credentials.create(ECKeyPair.create(key));
    }

    /** A fresh 32-byte nonce, 0x hex. */
    public static String nonce() {
        byte[] nonce = new byte[32];
        RANDOM.nextBytes(nonce);
        return Numeric.toHexString(nonce);
    }

    /**
     * {@code wallet}'s proof of paying {@code amount} to {@link #PAY_TO} with {@code nonce}, valid from
     * 600 s before {@code at} to 60 s after, settled as {@code settlement}.
     */
    public static CallCompleted.PaymentProof proof(Credentials wallet, long amount, String nonce, Instant at, String settlement) {
        String validAfter = Long.toString(at.getEpochSecond() - 600);
        String validBefore = Long.toString(at.getEpochSecond() + 60);
        byte[] digest = TransferWithAuthorization.digest(Network.BASE, wallet.getAddress(), PAY_TO, BigInteger.valueOf(amount),
                new BigInteger(validAfter), new BigInteger(validBefore), nonce);
        return new CallCompleted.PaymentProof("exact", Network.BASE.caip2(), Network.BASE.usdc(), PAY_TO, Long.toString(amount),
                new CallCompleted.TransferAuthorization(wallet.getAddress(), PAY_TO, Long.toString(amount), validAfter,
                        validBefore, nonce), EvmSignature.sign(digest, wallet.getEcKeyPair()), null, settlement, null);
    }
}
