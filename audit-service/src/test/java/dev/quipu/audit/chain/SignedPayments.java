package dev.quipu.audit.chain;

import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.proof.EvmSignature;
import dev.quipu.proof.Network;
import dev.quipu.proof.TransferWithAuthorization;
import org.web3j.crypto.Credentials;
import org.web3j.utils.Numeric;

import java.math.BigInteger;
import java.security.SecureRandom;
import java.time.Instant;

/**
 * Genuine payment proofs for tests: an EIP-3009 authorization signed as a wallet signs it (EIP-712
 * under USDC's domain on Base) with the public development key (Hardhat/Anvil #0, never funded), as
 * payment-service's PaymentSigner does.
 */
final class SignedPayments {

    static final String DEV_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
    static final Credentials WALLET = Credentials.create(DEV_KEY);
    static final String PAYER = WALLET.getAddress().toLowerCase();
    static final String PAY_TO = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    private static final SecureRandom RANDOM = new SecureRandom();

    private SignedPayments() {
    }

    /** A fresh 32-byte nonce, 0x hex. */
    static String nonce() {
        byte[] nonce = new byte[32];
        RANDOM.nextBytes(nonce);
        return Numeric.toHexString(nonce);
    }

    /** The proof of paying {@code amount} with {@code nonce}, valid from 600 s before {@code at} to 60 s after. */
    static CallCompleted.PaymentProof proof(long amount, String nonce, Instant at, String settlement) {
        String validAfter = Long.toString(at.getEpochSecond() - 600);
        String validBefore = Long.toString(at.getEpochSecond() + 60);
        byte[] digest = TransferWithAuthorization.digest(Network.BASE, WALLET.getAddress(), PAY_TO, BigInteger.valueOf(amount),
                new BigInteger(validAfter), new BigInteger(validBefore), nonce);
        String signature = EvmSignature.sign(digest, WALLET.getEcKeyPair());
        return new CallCompleted.PaymentProof("exact", Network.BASE.caip2(), Network.BASE.usdc(), PAY_TO, Long.toString(amount),
                new CallCompleted.TransferAuthorization(WALLET.getAddress(), PAY_TO, Long.toString(amount), validAfter,
                        validBefore, nonce), signature, null, settlement, null);
    }

    /** The paid event {@code e} made genuine: paid by the development wallet, with its signed proof. */
    static CallCompleted genuine(CallCompleted e) {
        String nonce = nonce();
        String tx = e.paymentRef() != null && e.paymentRef().transaction() != null ? e.paymentRef().transaction()
                : "0x" + nonce.substring(2, 66);
        return new CallCompleted(e.eventId(), e.occurredAt(), e.operationId(), e.route(), e.agentId(), PAYER, "paid",
                e.priceUsdc(), e.chargedAtomic(), new CallCompleted.PaymentRef(Network.BASE.caip2(), tx, nonce), e.status(),
                e.latencyMs(), e.requestJson(), e.responseJson(), e.dataVersions(),
                proof(e.chargedAtomic(), nonce, Instant.parse(e.occurredAt()), tx));
    }
}
