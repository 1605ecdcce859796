package dev.quipu.contracts.events;

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
 */
@Serdeable(naming = SnakeCaseStrategy.class)
public record CallCompleted(String eventId, String occurredAt, String operationId, String route, String agentId,
                            @Nullable String payer, String access, String priceUsdc, long chargedAtomic,
                            @Nullable PaymentRef paymentRef, int status, long latencyMs,
                            @Nullable String requestJson, @Nullable String responseJson,
                            Map<String, String> dataVersions) {

    public CallCompleted {
        dataVersions = dataVersions == null ? Map.of() : Map.copyOf(dataVersions);
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
                dataVersions);
    }

    /** Reference to the settled payment. */
    @Serdeable(naming = SnakeCaseStrategy.class)
    public record PaymentRef(String network, @Nullable String transaction, @Nullable String nonce) {
    }
}
