package dev.quipu.contracts.events;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

import java.util.Map;

/**
 * One call the gateway completed, published on {@link Topics#CALLS} keyed by {@code agentId}.
 * Consumers de-duplicate on {@code eventId}.
 *
 * @param eventId        UUIDv7, unique per call
 * @param occurredAt     ISO-8601 instant at which the gateway finished the call
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

    /** Reference to the settled payment. */
    @Serdeable(naming = SnakeCaseStrategy.class)
    public record PaymentRef(String network, @Nullable String transaction, @Nullable String nonce) {
    }
}
