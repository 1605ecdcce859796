package dev.quipu.payment.admission;

import dev.quipu.payment.ledger.StoredPayment;
import dev.quipu.payment.x402.PaymentPayload;
import dev.quipu.payment.x402.PaymentRequirements;
import dev.quipu.payment.x402.Refusal;

import java.util.Map;

/**
 * How payments are verified beyond the local checks and then settled: {@code local} (the ledger)
 * or {@code facilitator} (x402 facilitators over HTTP). Exactly one is active, by configuration.
 */
public interface Settlement {

    String mode();

    /** Whether payments this mode cannot check locally (smart wallets, Solana) can be accepted. */
    boolean acceptsDeferred();

    /**
     * Verification beyond the local checks; returns the facilitator that verified it (settlement
     * sticks to it), or {@code "local"}.
     *
     * @throws Refusal     the payment is invalid (the facilitator's reason, unchanged)
     * @throws Unavailable no facilitator could answer
     */
    String verify(PaymentPayload payload, PaymentRequirements requirements) throws Refusal, Unavailable;

    /**
     * Whether {@link #settle} stays inside this service (the local ledger): then settlement runs in
     * the transaction that moves the payment to {@code settling}, and no outcome can be in doubt.
     */
    default boolean settlesInPlace() {
        return false;
    }

    /** Settles a payment in state {@code settling}. Never throws for business failures. */
    Outcome settle(StoredPayment payment);

    /** The Solana fee payer a facilitator's {@code /supported} names for {@code network}, or null. */
    default String solanaFeePayer(String network) {
        return null;
    }

    /** State for {@code /health}. */
    Map<String, Object> health();

    /** Settlement result; {@code local} outcomes are recorded in the ledger by the caller. */
    record Outcome(Status status, String transaction, String reason, String message, boolean local) {
        public enum Status { SETTLED, FAILED, PENDING }
    }

    /** No facilitator could be reached (all circuits open, timeouts before sending). */
    final class Unavailable extends Exception {
        private final boolean malformed;

        public Unavailable(String message, boolean malformed) {
            super(message);
            this.malformed = malformed;
        }

        /** A facilitator answered something that is not x402 (then the gateway answers 502). */
        public boolean malformed() {
            return malformed;
        }
    }
}
