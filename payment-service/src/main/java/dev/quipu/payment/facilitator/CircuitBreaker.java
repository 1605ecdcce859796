package dev.quipu.payment.facilitator;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A circuit per facilitator: {@code failureThreshold} consecutive transport failures open it for
 * {@code openFor}; then one trial request (half-open) closes it again on success. Business answers
 * (invalid payment, failed settlement) are successes of the transport. Also keeps the latency.
 */
public final class CircuitBreaker {

    public enum State { CLOSED, OPEN, HALF_OPEN }

    private final int failureThreshold;
    private final Duration openFor;
    private final Clock clock;
    private State state = State.CLOSED;
    private int consecutiveFailures;
    private Instant openedAt;
    private long lastLatencyMs = -1;
    private double averageLatencyMs = -1;
    private long successes;
    private long failures;

    public CircuitBreaker(int failureThreshold, Duration openFor, Clock clock) {
        this.failureThreshold = failureThreshold;
        this.openFor = openFor;
        this.clock = clock;
    }

    /** Whether a request may be sent now (moves OPEN to HALF_OPEN once {@code openFor} has passed). */
    public synchronized boolean allowRequest() {
        if (state == State.OPEN && !clock.instant().isBefore(openedAt.plus(openFor))) {
            state = State.HALF_OPEN;
            return true;
        }
        return state == State.CLOSED;
    }

    public synchronized void success(long latencyMs) {
        successes++;
        consecutiveFailures = 0;
        state = State.CLOSED;
        record(latencyMs);
    }

    public synchronized void failure(long latencyMs) {
        failures++;
        consecutiveFailures++;
        record(latencyMs);
        if (state == State.HALF_OPEN || consecutiveFailures >= failureThreshold) {
            state = State.OPEN;
            openedAt = clock.instant();
        }
    }

    private void record(long latencyMs) {
        lastLatencyMs = latencyMs;
        averageLatencyMs = averageLatencyMs < 0 ? latencyMs : averageLatencyMs * 0.8 + latencyMs * 0.2;
    }

    public synchronized State state() {
        if (state == State.OPEN && !clock.instant().isBefore(openedAt.plus(openFor))) {
            return State.HALF_OPEN;
        }
        return state;
    }

    public synchronized Map<String, Object> snapshot() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("circuit", state().name());
        m.put("last_latency_ms", lastLatencyMs);
        m.put("avg_latency_ms", Math.round(averageLatencyMs));
        m.put("consecutive_failures", consecutiveFailures);
        m.put("successes", successes);
        m.put("failures", failures);
        return m;
    }
}
