package dev.quipu.gateway.routing;

import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.contracts.pricebook.Service;
import dev.quipu.runtime.JsonRequests;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;

/**
 * Hands each completed call to payment-service, which writes it to its outbox in its own
 * transaction; from there the relay publishes it on {@code quipu.calls.v1}. The hand-off is
 * idempotent on {@code event_id}, so it is retried freely.
 */
@Singleton
public class CallRecorder {

    private static final Logger LOG = LoggerFactory.getLogger(CallRecorder.class);
    private static final int ATTEMPTS = 3;

    private final Backends backends;
    private final JsonRequests json;

    public CallRecorder(Backends backends, JsonRequests json) {
        this.backends = backends;
        this.json = json;
    }

    /** @return whether payment-service has the event durably */
    public boolean record(CallCompleted call) {
        byte[] body = json.write(call);
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            Backends.BackendAnswer answer = backends.forward(Service.PAYMENT, "POST", "/internal/calls", body,
                    Map.of("Content-Type", "application/json"));
            if (answer.succeeded()) {
                return true;
            }
            LOG.warn("hand-off of call {} to payment-service failed (attempt {}): {}", call.eventId(), attempt,
                    answer.reached() ? "HTTP " + answer.status() : answer.failure());
            sleep(50L * attempt);
        }
        LOG.error("call event {} for agent {} could not be handed to payment-service", call.eventId(), call.agentId());
        return false;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
