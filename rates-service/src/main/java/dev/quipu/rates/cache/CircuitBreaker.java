package dev.quipu.rates.cache;

import java.time.Duration;
import java.time.Instant;

/**
 * One breaker per source: after {@code failureThreshold} consecutive failures the source is not
 * called for {@code openFor}; then one trial call is let through (half-open), whose outcome
 * closes or re-opens the breaker. Keeps a failing publisher from costing every request a timeout.
 */
public final class CircuitBreaker {

    public enum State { CLOSED, OPEN, HALF_OPEN }

    private final int failureThreshold;
    private final Duration openFor;
    private int consecutiveFailures;
    private Instant openedAt;
    private boolean trialInFlight;

    public CircuitBreaker(int failureThreshold, Duration openFor) {
        if (failureThreshold < 1) {
            throw new IllegalArgumentException("failureThreshold must be at least 1");
        }
        this.failureThreshold = failureThreshold;
        this.openFor = openFor;
    }

    /** Whether a call may go to the source now; in half-open state only one trial call is allowed. */
    public synchronized boolean allow(Instant now) {
        State s = state(now);
        if (s == State.CLOSED) {
            return true;
        }
        if (s == State.HALF_OPEN && !trialInFlight) {
            trialInFlight = true;
            return true;
        }
        return false;
    }

    public synchronized void success() {
        consecutiveFailures = 0;
        openedAt = null;
        trialInFlight = false;
    }

    public synchronized void failure(Instant now) {
        consecutiveFailures++;
        if (trialInFlight || consecutiveFailures >= failureThreshold) {
            openedAt = now;
        }
        trialInFlight = false;
    }

    public synchronized State state(Instant now) {
        if (openedAt == null) {
            return State.CLOSED;
        }
        return now.isBefore(openedAt.plus(openFor)) ? State.OPEN : State.HALF_OPEN;
    }

    /** When an open breaker will let a trial call through, or null when it is not open. */
    public synchronized Instant retryAt() {
        return openedAt == null ? null : openedAt.plus(openFor);
    }
}
