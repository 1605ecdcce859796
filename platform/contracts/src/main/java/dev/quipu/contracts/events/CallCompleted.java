package dev.quipu.contracts.events;

import io.micronaut.core.annotation.Creator;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.time.temporal.ChronoUnit;
import java.util.Map;

/**
 * One call the gateway completed, published on {@link Topics#CALLS} keyed by {@code agentId}.
 * Consumers de-duplicate on {@code eventId}.
 *
 * @param eventId        UUIDv7, unique per call
 * @param occurredAt     instant at which the gateway finished the call, in the one canonical form of
 *                       {@link #canonicalInstant(Instant)}: UTC, microseconds (truncated), always six
 *                       fraction digits and {@code Z}, e.g. {@code 2026-11-24T03:55:16.208837Z}. The audit
 *                       chain hashes this text as it is and PostgreSQL keeps exactly microseconds, so no
 *                       finer precision may ever be written (events published before the rule may carry
 *                       other forms; they are read and hashed unchanged)
 * @param operationId    price-book operation id (for example {@code sanctions_screen})
 * @param route          method and path, e.g. {@code POST /sanctions}
 * @param agentId        who called (body agent_id, X-Agent-Id, payer, or a trial id)
 * @param payer          paying wallet, or null for trial or open calls
 * @param access         how the call was admitted: {@code paid}, {@code trial} or {@code open}
 * @param priceUsdc      list price (decimal string)
 * @param chargedAtomic  amount charged in USDC atomic units after discount (0 for trials)
 * @param paymentRef     network, transaction and nonce of the payment, or null
 * @param status         HTTP status the backend answered
 * @param latencyMs      time spent in the backend
 * @param requestJson    the request body the backend received (JSON text)
 * @param responseJson   the response body the caller received (JSON text)
 * @param dataVersions   versions of the data used (list versions, rate dates), by name
 * @param paymentProof   for a settled paid call, the evidence that the payer authorised exactly this
 *                       payment (the x402 requirement, the signed authorization as presented, the
 *                       settlement reference), checkable without trusting the operator; null for trial
 *                       and open calls, for paid calls that charged nothing, and in events published
 *                       before proofs existed
 */
@Serdeable(naming = SnakeCaseStrategy.class)
public record CallCompleted(String eventId, String occurredAt, String operationId, String route, String agentId,
                            @Nullable String payer, String access, String priceUsdc, long chargedAtomic,
                            @Nullable PaymentRef paymentRef, int status, long latencyMs,
                            @Nullable String requestJson, @Nullable String responseJson,
                            Map<String, String> dataVersions, @Nullable PaymentProof paymentProof) {

    @Creator
    public CallCompleted {
        dataVersions = dataVersions == null ? Map.of() : Map.copyOf(dataVersions);
    }

    /** A call without payment proof (trial, open, or charged nothing). */
    public CallCompleted(String eventId, String occurredAt, String operationId, String route, String agentId,
                         @Nullable String payer, String access, String priceUsdc, long chargedAtomic,
                         @Nullable PaymentRef paymentRef, int status, long latencyMs,
                         @Nullable String requestJson, @Nullable String responseJson,
                         Map<String, String> dataVersions) {
        this(eventId, occurredAt, operationId, route, agentId, payer, access, priceUsdc, chargedAtomic, paymentRef,
                status, latencyMs, requestJson, responseJson, dataVersions, null);
    }

    /** This event with {@code payment_proof} set (or removed, with null). */
    public CallCompleted withPaymentProof(@Nullable PaymentProof proof) {
        return new CallCompleted(eventId, occurredAt, operationId, route, agentId, payer, access, priceUsdc,
                chargedAtomic, paymentRef, status, latencyMs, requestJson, responseJson, dataVersions, proof);
    }

    /** {@code uuuu-MM-dd'T'HH:mm:ss.SSSSSS'Z'} in UTC: six fraction digits, never more, never fewer. */
    private static final DateTimeFormatter OCCURRED_AT = new DateTimeFormatterBuilder()
            .appendPattern("uuuu-MM-dd'T'HH:mm:ss")
            .appendFraction(ChronoField.NANO_OF_SECOND, 6, 6, true)
            .appendLiteral('Z')
            .toFormatter()
            .withZone(ZoneOffset.UTC);

    /**
     * The canonical text of an event time: the instant truncated to microseconds (the precision
     * PostgreSQL's {@code timestamptz} keeps, so that a stored copy round-trips byte for byte), in
     * UTC with exactly six fraction digits and {@code Z}: {@code 2026-11-24T03:55:16.208837Z},
     * {@code 2025-01-15T14:30:00.000000Z}. One instant has one spelling, and the texts sort as the
     * instants do. Whoever stamps {@code occurred_at} must use this.
     */
    public static String canonicalInstant(Instant at) {
        return OCCURRED_AT.format(at.truncatedTo(ChronoUnit.MICROS));
    }

    /** Whether {@code text} is exactly {@link #canonicalInstant} of the instant it names. */
    public static boolean isCanonicalInstant(@Nullable String text) {
        if (text == null || text.length() != 27) {
            return false;
        }
        try {
            return canonicalInstant(Instant.parse(text)).equals(text);
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    /** This event with {@code occurred_at} in canonical form (the same event when it already is). */
    public CallCompleted withCanonicalOccurredAt() {
        if (isCanonicalInstant(occurredAt)) {
            return this;
        }
        return new CallCompleted(eventId, canonicalInstant(Instant.parse(occurredAt)), operationId, route, agentId,
                payer, access, priceUsdc, chargedAtomic, paymentRef, status, latencyMs, requestJson, responseJson,
                dataVersions, paymentProof);
    }

    /** Reference to the settled payment. */
    @Serdeable(naming = SnakeCaseStrategy.class)
    public record PaymentRef(String network, @Nullable String transaction, @Nullable String nonce) {
    }

    /**
     * The evidence of a settled x402 payment, as payment-service held it when it settled: what was
     * required and what the payer signed, exactly as presented. Anyone can check it offline with
     * {@code dev.quipu.proof.PaymentProofCheck} (module {@code platform/payment-proof}); see
     * docs/audit-chain.md, "Paid evidence that proves itself".
     *
     * @param scheme              the x402 scheme ({@code exact})
     * @param network             CAIP-2 network, e.g. {@code eip155:8453}
     * @param asset               the token paid: the USDC contract (EVM) or mint (Solana)
     * @param payTo               the recipient the requirement named
     * @param amount              the required amount in atomic units, decimal string
     * @param authorization       EVM: the EIP-3009 TransferWithAuthorization the payer signed
     * @param signature           EVM: the payer's signature over it, 0x hex as presented
     * @param transaction         Solana: the signed transaction as presented (base64)
     * @param settlement          the settlement reference (transaction hash or ledger reference)
     * @param unverifiableOffline why this proof cannot be checked offline, or null when it can
     */
    @Serdeable(naming = SnakeCaseStrategy.class)
    public record PaymentProof(String scheme, String network, String asset, String payTo, String amount,
                               @Nullable TransferAuthorization authorization, @Nullable String signature,
                               @Nullable String transaction, @Nullable String settlement,
                               @Nullable String unverifiableOffline) {
    }

    /**
     * The six fields of an EIP-3009 {@code TransferWithAuthorization}, as the payer presented them:
     * addresses and the nonce as 0x hex, amounts and times as decimal strings (times in Unix seconds).
     */
    @Serdeable(naming = SnakeCaseStrategy.class)
    public record TransferAuthorization(String from, String to, String value, String validAfter, String validBefore,
                                        String nonce) {
    }
}
