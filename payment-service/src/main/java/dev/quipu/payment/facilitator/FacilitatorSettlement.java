package dev.quipu.payment.facilitator;

import dev.quipu.payment.admission.Settlement;
import dev.quipu.payment.ledger.StoredPayment;
import dev.quipu.payment.x402.PaymentPayload;
import dev.quipu.payment.x402.PaymentRequirements;
import dev.quipu.payment.x402.Reasons;
import dev.quipu.payment.x402.Refusal;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.annotation.Value;
import io.micronaut.json.JsonMapper;
import io.micronaut.scheduling.annotation.Scheduled;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Facilitator mode: local checks first (done by the caller), then {@code /verify} with failover
 * across facilitators in priority order (skipping open circuits), and {@code /settle} on the very
 * facilitator that verified, so one authorization is never sent to two settlers. A timeout or an
 * error status after the settle request was sent is {@code pending}, not a failure: the transfer may
 * have been broadcast. {@code /supported} is cached (Solana fee payer).
 */
@Singleton
@Requires(property = "quipu.payments.mode", value = "facilitator")
public class FacilitatorSettlement implements Settlement {

    private static final Logger LOG = LoggerFactory.getLogger(FacilitatorSettlement.class);

    private final List<FacilitatorClient> clients;
    private final Map<String, CircuitBreaker> breakers = new LinkedHashMap<>();
    private final Map<String, Map<String, Object>> supported = new ConcurrentHashMap<>();
    private final JsonMapper json;
    private final Clock clock;

    public FacilitatorSettlement(List<FacilitatorEndpoint> endpoints, AuthHeaders auth, JsonMapper json, Clock clock,
                                 @Value("${quipu.payments.circuit.failure-threshold:3}") int failureThreshold,
                                 @Value("${quipu.payments.circuit.open-for:30s}") Duration openFor) {
        if (endpoints.isEmpty()) {
            throw new IllegalStateException("quipu.payments.mode=facilitator needs at least one "
                    + "quipu.payments.facilitators.<name>.url");
        }
        this.json = json;
        this.clock = clock;
        this.clients = endpoints.stream().sorted(Comparator.comparingInt(FacilitatorEndpoint::getPriority)
                        .thenComparing(FacilitatorEndpoint::getName))
                .map(e -> new FacilitatorClient(e, auth, json)).toList();
        clients.forEach(c -> breakers.put(c.endpoint().getName(), new CircuitBreaker(failureThreshold, openFor, clock)));
    }

    @Override
    public String mode() {
        return "facilitator";
    }

    @Override
    public boolean acceptsDeferred() {
        return true;
    }

    @Override
    public String verify(PaymentPayload payload, PaymentRequirements requirements) throws Refusal, Unavailable {
        Map<String, Object> request = request(payload.x402Version(), payload.json(), requirements.toWire());
        List<String> tried = new ArrayList<>();
        boolean malformed = false;
        for (FacilitatorClient client : clients) {
            String name = client.endpoint().getName();
            CircuitBreaker breaker = breakers.get(name);
            if (!breaker.allowRequest()) {
                tried.add(name + " (circuit open)");
                continue;
            }
            long started = System.nanoTime();
            try {
                Map<String, Object> answer = client.verify(request);
                breaker.success(elapsed(started));
                if (Boolean.TRUE.equals(answer.get("isValid"))) {
                    return name;
                }
                String reason = answer.get("invalidReason") instanceof String s ? s : Reasons.INVALID_PAYLOAD;
                String message = answer.get("invalidMessage") instanceof String s ? s : "the facilitator " + name
                        + " found the payment invalid";
                throw new Refusal(reason, message);
            } catch (FacilitatorClient.Failure f) {
                breaker.failure(elapsed(started));
                malformed |= f.kind() == FacilitatorClient.FailureKind.MALFORMED;
                tried.add(name + " (" + f.getMessage() + ")");
                LOG.warn("facilitator {} /verify failed: {}", name, f.getMessage());
            }
        }
        throw new Unavailable("no facilitator could verify: " + String.join(", ", tried), malformed);
    }

    @Override
    public Outcome settle(StoredPayment payment) {
        FacilitatorClient client = clients.stream().filter(c -> c.endpoint().getName().equals(payment.facilitator()))
                .findFirst().orElse(null);
        if (client == null) {
            return new Outcome(Outcome.Status.FAILED, "", Reasons.FACILITATOR_UNAVAILABLE,
                    "the facilitator that verified this payment (" + payment.facilitator() + ") is no longer configured", false);
        }
        CircuitBreaker breaker = breakers.get(payment.facilitator());
        Map<String, Object> request = request(payment.x402Version(), payment.payloadJson(), parse(payment.requirementsJson()));
        long started = System.nanoTime();
        try {
            Map<String, Object> answer = client.settle(request);
            breaker.success(elapsed(started));
            String tx = answer.get("transaction") instanceof String s ? s : "";
            if (Boolean.TRUE.equals(answer.get("success"))) {
                return new Outcome(Outcome.Status.SETTLED, tx, null, null, false);
            }
            String reason = answer.get("errorReason") instanceof String s ? s : Reasons.SETTLEMENT_FAILED;
            if ("settlement_pending".equals(reason)) {
                return new Outcome(Outcome.Status.PENDING, tx, reason, "the facilitator reports the transfer as pending", false);
            }
            return new Outcome(Outcome.Status.FAILED, tx, reason,
                    answer.get("errorMessage") instanceof String s ? s : null, false);
        } catch (FacilitatorClient.Failure f) {
            breaker.failure(elapsed(started));
            LOG.warn("facilitator {} /settle of payment {} failed: {}", payment.facilitator(), payment.paymentId(), f.getMessage());
            if (f.kind() == FacilitatorClient.FailureKind.NOT_SENT) {
                return new Outcome(Outcome.Status.FAILED, "", Reasons.FACILITATOR_UNAVAILABLE,
                        "the facilitator could not be reached; nothing was sent", false);
            }
            return new Outcome(Outcome.Status.PENDING, null, "settlement_pending", f.getMessage(), false);
        }
    }

    /** Refreshes the cached {@code /supported} of every facilitator. */
    @Scheduled(fixedDelay = "${quipu.payments.supported-refresh:10m}", initialDelay = "0s")
    public void refreshSupported() {
        for (FacilitatorClient client : clients) {
            try {
                supported.put(client.endpoint().getName(), client.supported());
            } catch (FacilitatorClient.Failure f) {
                LOG.warn("facilitator {} /supported failed: {}", client.endpoint().getName(), f.getMessage());
            }
        }
    }

    @Override
    public String solanaFeePayer(String network) {
        for (FacilitatorClient client : clients) {
            Map<String, Object> doc = supported.get(client.endpoint().getName());
            if (doc != null && doc.get("kinds") instanceof List<?> kinds) {
                for (Object k : kinds) {
                    if (k instanceof Map<?, ?> kind && network.equals(kind.get("network")) && "exact".equals(kind.get("scheme"))
                            && kind.get("extra") instanceof Map<?, ?> extra && extra.get("feePayer") instanceof String fp) {
                        return fp;
                    }
                }
            }
        }
        return null;
    }

    @Override
    public Map<String, Object> health() {
        Map<String, Object> h = new LinkedHashMap<>();
        h.put("mode", "facilitator");
        List<Map<String, Object>> list = new ArrayList<>();
        for (FacilitatorClient client : clients) {
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("name", client.endpoint().getName());
            f.put("url", client.endpoint().getUrl().toString());
            f.putAll(breakers.get(client.endpoint().getName()).snapshot());
            f.put("supported_cached", supported.containsKey(client.endpoint().getName()));
            list.add(f);
        }
        h.put("facilitators", list);
        return h;
    }

    public CircuitBreaker.State circuit(String name) {
        return breakers.get(name).state();
    }

    private Map<String, Object> request(int version, String payloadJson, Map<String, Object> requirements) {
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("x402Version", version);
        request.put("paymentPayload", parse(payloadJson));
        request.put("paymentRequirements", requirements);
        return request;
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> parse(String text) {
        try {
            return json.readValue(text, Map.class);
        } catch (IOException e) {
            throw new IllegalStateException("stored payment JSON is unreadable", e);
        }
    }

    private static long elapsed(long startedNanos) {
        return (System.nanoTime() - startedNanos) / 1_000_000;
    }
}
