package dev.quipu.payment.x402;

/**
 * Refusal reason codes. Where the x402 reference implementation has a name for a check, that name
 * is used (official clients see these from official facilitators); the rest are prefixed with
 * {@code quipu_}-free plain names documented in docs/payments.md.
 */
public final class Reasons {
    public static final String PAYMENT_REQUIRED = "payment_required";
    public static final String INVALID_PAYLOAD = "invalid_payload";
    public static final String INVALID_VERSION = "invalid_x402_version";
    public static final String HEADER_TOO_LARGE = "payment_header_too_large";
    public static final String ACCEPTED_MISMATCH = "invalid_payment_requirements";
    public static final String SCHEME = "invalid_exact_evm_scheme";
    public static final String NETWORK = "invalid_exact_evm_network_mismatch";
    public static final String MISSING_DOMAIN = "invalid_exact_evm_missing_eip712_domain";
    public static final String SIGNATURE = "invalid_exact_evm_signature";
    public static final String RECIPIENT = "invalid_exact_evm_recipient_mismatch";
    public static final String VALUE = "invalid_exact_evm_authorization_value";
    public static final String VALID_BEFORE = "invalid_exact_evm_payload_authorization_valid_before";
    public static final String VALID_AFTER = "invalid_exact_evm_payload_authorization_valid_after";
    public static final String ALREADY_USED = "invalid_exact_evm_nonce_already_used";
    public static final String PAYER_MISMATCH = "payer_mismatch";
    public static final String NEEDS_FACILITATOR = "unsupported_in_local_mode";
    public static final String SETTLEMENT_FAILED = "settlement_failed";
    public static final String FACILITATOR_UNAVAILABLE = "facilitator_unavailable";

    private Reasons() {
    }
}
