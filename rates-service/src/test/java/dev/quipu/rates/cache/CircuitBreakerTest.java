package dev.quipu.rates.cache;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CircuitBreakerTest {

    final Instant t0 = Instant.parse("2026-01-01T00:00:00Z");
    final CircuitBreaker breaker = new CircuitBreaker(3, Duration.ofSeconds(60));

    @Test
    void staysClosedBelowTheThresholdAndASuccessResetsTheCount() {
        breaker.failure(t0);
        breaker.failure(t0);
        breaker.success();
        breaker.failure(t0);
        breaker.failure(t0);
        assertEquals(CircuitBreaker.State.CLOSED, breaker.state(t0));
    }

    @Test
    void halfOpenLetsExactlyOneTrialThroughAndAFailedTrialReopens() {
        for (int i = 0; i < 3; i++) {
            breaker.failure(t0);
        }
        assertFalse(breaker.allow(t0.plusSeconds(59)));
        Instant later = t0.plusSeconds(60);
        assertTrue(breaker.allow(later));
        assertFalse(breaker.allow(later), "only one trial");
        breaker.failure(later);
        assertEquals(CircuitBreaker.State.OPEN, breaker.state(later.plusSeconds(1)));
    }
}
