package dev.quipu.payment.admission;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;

/**
 * The gateway's question for one validated paid call ({@code POST /internal/payments/admit}).
 *
 * @param operationId      price-book operation id
 * @param resourceUrl      public URL of the resource, for the requirements
 * @param clientIp         the caller's address (after trusted-proxy resolution), for trials
 * @param paymentSignature the {@code PAYMENT-SIGNATURE} header (v2), or null
 * @param xPayment         the {@code X-PAYMENT} header (v1), or null
 * @param xTrial           the {@code X-TRIAL} header, or null
 * @param agentId          the agent the request names (body {@code agent_id}, else {@code X-Agent-Id}), or null
 * @param requestHash      SHA-256 of method, path and body, binding a payment-identifier to the request
 * @param discountPct      the tier discount (percent) of the wallet named by {@code agentId}, as the gateway's
 *                         tier cache knows it; null to use payment-service's own {@link TierDiscounts}
 */
@Serdeable
public record AdmitRequest(String operationId, String resourceUrl, String clientIp, @Nullable String paymentSignature,
                           @Nullable String xPayment, @Nullable String xTrial, @Nullable String agentId,
                           String requestHash, @Nullable Integer discountPct) {

    public AdmitRequest(String operationId, String resourceUrl, String clientIp, String paymentSignature,
                        String xPayment, String xTrial, String agentId, String requestHash) {
        this(operationId, resourceUrl, clientIp, paymentSignature, xPayment, xTrial, agentId, requestHash, null);
    }
}
