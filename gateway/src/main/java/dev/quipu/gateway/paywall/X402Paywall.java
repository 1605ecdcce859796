package dev.quipu.gateway.paywall;

import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.contracts.pricebook.Service;
import dev.quipu.gateway.admission.Admission;
import dev.quipu.gateway.admission.CallAdmission;
import dev.quipu.gateway.admission.PaidCall;
import dev.quipu.gateway.routing.Backends;
import dev.quipu.gateway.tiers.TierDiscounts;
import dev.quipu.runtime.ErrorBody;
import dev.quipu.runtime.JsonRequests;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;

/**
 * The x402 paywall of every paid route. The gateway keeps no state: it asks payment-service (which
 * verifies, claims, counts trials and settles in its PostgreSQL) whether the call may run, and
 * reports the backend's answer back so that the payment is settled or released and the call event
 * made durable with it. When payment-service cannot be asked, nothing runs (503): fail closed.
 */
@Singleton
@Requires(property = "quipu.gateway.paywall.enabled", notEquals = "false")
public class X402Paywall implements CallAdmission {

    private static final Logger LOG = LoggerFactory.getLogger(X402Paywall.class);
    private static final Map<String, String> JSON = Map.of("Content-Type", "application/json");

    private final Backends backends;
    private final JsonMapper json;
    private final JsonRequests writer;
    private final ClientAddress clientAddress;
    private final PaywallConfig config;
    private final TierDiscounts tiers;

    public X402Paywall(Backends backends, JsonMapper json, JsonRequests writer, PaywallConfig config,
                       TierDiscounts tiers) {
        this.tiers = tiers;
        this.backends = backends;
        this.json = json;
        this.writer = writer;
        this.config = config;
        this.clientAddress = new ClientAddress(config.trustedProxies());
    }

    @Override
    public Admission admit(PaidCall call) {
        String agentId = call.fields().get("agent_id") instanceof String s ? s : call.header("X-Agent-Id");
        PaymentCalls.Admit request = new PaymentCalls.Admit(call.operation().id(), call.resourceUrl(),
                clientAddress.resolve(call.clientIp(), call.header("X-Forwarded-For")),
                call.header("PAYMENT-SIGNATURE"), call.header("X-PAYMENT"), call.header("X-TRIAL"), agentId,
                requestHash(call), discountOf(agentId));
        PaymentDecision decision = ask("/internal/payments/admit", writer.write(request));
        if (decision == null) {
            return new Admission.Refused(unavailable("The payment service could not be reached; nothing was charged."));
        }
        if ("admit".equals(decision.decision())) {
            return new Admission.Admitted(decision.access(), decision.payer(), decision.chargedAtomic(),
                    decision.paymentRef(), decision.ticket());
        }
        return new Admission.Refused(response(decision));
    }

    @Override
    public Completion complete(PaidCall call, Admission.Admitted admitted, Backends.BackendAnswer answer,
                               CallCompleted event) {
        if (admitted.ticket() == null) {
            return Completion.deliver(Map.of());
        }
        byte[] body = writer.write(new PaymentCalls.Complete(admitted.ticket(), answer.reached(), answer.status(),
                answer.contentType(), answer.body() == null ? null : Base64.getEncoder().encodeToString(answer.body()),
                event));
        for (int attempt = 1; attempt <= Math.max(1, config.completeAttempts()); attempt++) {
            PaymentDecision decision = ask("/internal/payments/complete", body);
            if (decision != null) {
                return "deliver".equals(decision.decision()) ? Completion.deliver(decision.headersOrEmpty())
                        : new Completion(Map.of(), response(decision));
            }
            sleep(50L * attempt);
        }
        LOG.error("call {} ({}) could not be completed with payment-service", event.eventId(), admitted.access());
        if (!"paid".equals(admitted.access())) {
            return Completion.deliver(Map.of());
        }
        // the settlement's outcome is unknown: the data is not delivered unpaid
        return new Completion(Map.of(), unavailable("The payment could not be settled right now; retry the same"
                + " request (with the same payment-identifier) to get the answer. You were not charged twice."));
    }

    private PaymentDecision ask(String path, byte[] body) {
        Backends.BackendAnswer answer = backends.forward(Service.PAYMENT, "POST", path, body, JSON);
        if (!answer.succeeded() || answer.body() == null) {
            LOG.warn("payment-service {} failed: {}", path, answer.reached() ? "HTTP " + answer.status() : answer.failure());
            return null;
        }
        try {
            PaymentDecision decision = json.readValue(answer.body(), PaymentDecision.class);
            return decision.decision() == null ? null : decision;
        } catch (IOException | RuntimeException e) {
            LOG.warn("payment-service {} answered something unreadable: {}", path, e.getMessage());
            return null;
        }
    }

    private static MutableHttpResponse<?> response(PaymentDecision decision) {
        MutableHttpResponse<byte[]> response = HttpResponse.status(HttpStatus.valueOf(decision.status()));
        decision.headersOrEmpty().forEach(response::header);
        if (decision.bodyBase64() != null) {
            response.contentType(decision.contentType() == null ? "application/json" : decision.contentType())
                    .body(Base64.getDecoder().decode(decision.bodyBase64()));
        }
        return response;
    }

    private static MutableHttpResponse<?> unavailable(String message) {
        return HttpResponse.status(HttpStatus.SERVICE_UNAVAILABLE).header("Retry-After", "5")
                .header("Cache-Control", "no-store").body(ErrorBody.of("payments_unavailable", message));
    }

    /** The tier discount of the wallet the request names (from the gateway's tier cache), else null. */
    private Integer discountOf(String agentId) {
        return agentId != null && agentId.matches("0x[0-9a-fA-F]{40}") ? tiers.discountPct(agentId) : null;
    }

    /** Binds a payment-identifier to this request: method, path with query, and body. */
    static String requestHash(PaidCall call) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update((call.operation().method() + " " + call.pathAndQuery() + "\n").getBytes(StandardCharsets.UTF_8));
            if (call.body() != null) {
                sha.update(call.body());
            }
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
