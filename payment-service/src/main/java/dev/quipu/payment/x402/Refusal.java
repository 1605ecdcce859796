package dev.quipu.payment.x402;

/**
 * Why a payment was not accepted: a stable reason code (the x402 reference vocabulary where one
 * exists, passed through unchanged from facilitators) and a sentence saying what was wrong.
 */
public final class Refusal extends Exception {

    private final String reason;

    public Refusal(String reason, String message) {
        super(message, null, false, false);
        this.reason = reason;
    }

    public String reason() {
        return reason;
    }

    /** The text put in a fresh challenge's {@code error}: reason code, then the explanation. */
    public String describe() {
        return reason + ": " + getMessage();
    }
}
