package dev.quipu.reputation.stats;

import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.proof.Network;
import dev.quipu.proof.TestPayments;
import org.web3j.crypto.Credentials;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;

/** Paid call events as payment-service writes them, with genuine proofs signed by throw-away wallets ({@link TestPayments}). */
final class SignedPayments {

    private SignedPayments() {
    }

    /** A new wallet with a random key. */
    static Credentials wallet() {
        return TestPayments.wallet();
    }

    /**
     * A paid call of {@code agent} at {@code at}: 2xx calls are settled and carry the wallet's signed
     * proof; others charged nothing and carry none, as payment-service writes them.
     */
    static CallCompleted paid(String agent, Credentials wallet, Instant at, int status) {
        boolean settled = status >= 200 && status < 300;
        String nonce = TestPayments.nonce();
        String tx = "0x" + nonce.substring(2);
        CallCompleted.PaymentProof proof = settled ? TestPayments.proof(wallet, 10000, nonce, at, tx) : null;
        return new CallCompleted(UUID.randomUUID().toString(), CallCompleted.canonicalInstant(at), "sanctions_quick",
                "POST /sanctions/quick", agent, wallet.getAddress().toLowerCase(), "paid", "0.01", settled ? 10000 : 0,
                new CallCompleted.PaymentRef(Network.BASE.caip2(), settled ? tx : null, nonce), status, 30, "{}", "{}",
                Map.of(), proof);
    }
}
