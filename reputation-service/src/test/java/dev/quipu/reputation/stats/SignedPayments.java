package dev.quipu.reputation.stats;

import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.proof.EvmSignature;
import dev.quipu.proof.Network;
import dev.quipu.proof.TransferWithAuthorization;
import org.web3j.crypto.Credentials;
import org.web3j.crypto.ECKeyPair;
import org.web3j.crypto.Sign;
import org.web3j.utils.Numeric;

import java.math.BigInteger;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

/**
 * Paid call events as payment-service writes them, with genuine payment proofs: EIP-3009
 * authorizations signed (EIP-712, USDC on Base) by throw-away test wallets.
 */
final class SignedPayments {

    static final String PAY_TO = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    private static final SecureRandom RANDOM = new SecureRandom();

    private SignedPayments() {
    }

    /** A new wallet with a random key. */
    static Credentials wallet() {
        BigInteger key = new BigInteger(256, RANDOM).mod(Sign.CURVE_PARAMS.getN().subtract(BigInteger.ONE)).add(BigInteger.ONE);
        return Credentials.create(ECKeyPair.create(key));
    }

    static String nonce() {
        byte[] nonce = new byte[32];
        RANDOM.nextBytes(nonce);
        return Numeric.toHexString(nonce);
    }

    /**
     * A paid call of {@code agent} at {@code at}: 2xx calls are settled and carry the wallet's signed
     * proof; others charged nothing and carry none, as payment-service writes them.
     */
    static CallCompleted paid(String agent, Credentials wallet, Instant at, int status) {
        boolean settled = status >= 200 && status < 300;
        String nonce = nonce();
        String tx = "0x" + nonce.substring(2);
        CallCompleted.PaymentProof proof = settled ? proof(wallet, 10000, nonce, at, tx) : null;
        return new CallCompleted(UUID.randomUUID().toString(), CallCompleted.canonicalInstant(at), "sanctions_quick",
                "POST /sanctions/quick", agent, wallet.getAddress().toLowerCase(), "paid", "0.01", settled ? 10000 : 0,
                new CallCompleted.PaymentRef(Network.BASE.caip2(), settled ? tx : null, nonce), status, 30, "{}", "{}",
                Map.of(), proof);
    }

    static CallCompleted.PaymentProof proof(Credentials wallet, long amount, String nonce, Instant at, String settlement) {
        String validAfter = Long.toString(at.getEpochSecond() - 600);
        String validBefore = Long.toString(at.getEpochSecond() + 60);
        byte[] digest = TransferWithAuthorization.digest(Network.BASE, wallet.getAddress(), PAY_TO, BigInteger.valueOf(amount),
                new BigInteger(validAfter), new BigInteger(validBefore), nonce);
        return new CallCompleted.PaymentProof("exact", Network.BASE.caip2(), Network.BASE.usdc(), PAY_TO, Long.toString(amount),
                new CallCompleted.TransferAuthorization(wallet.getAddress(), PAY_TO, Long.toString(amount), validAfter,
                        validBefore, nonce), EvmSignature.sign(digest, wallet.getEcKeyPair()), null, settlement, null);
    }
}
