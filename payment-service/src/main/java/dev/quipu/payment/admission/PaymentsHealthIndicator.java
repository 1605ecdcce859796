package dev.quipu.payment.admission;

import io.micronaut.health.HealthStatus;
import io.micronaut.management.health.indicator.HealthIndicator;
import io.micronaut.management.health.indicator.HealthResult;
import jakarta.inject.Singleton;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;

import java.util.List;
import java.util.Map;

/**
 * {@code payments} in {@code /health}: the mode ({@code local} or {@code facilitator}) and, in
 * facilitator mode, each facilitator's circuit state and latency. DOWN when every circuit is open.
 */
@Singleton
public class PaymentsHealthIndicator implements HealthIndicator {

    private final Settlement settlement;

    public PaymentsHealthIndicator(Settlement settlement) {
        this.settlement = settlement;
    }

    @Override
    public Publisher<HealthResult> getResult() {
        Map<String, Object> details = settlement.health();
        boolean down = details.get("facilitators") instanceof List<?> list && !list.isEmpty()
                && list.stream().allMatch(f -> f instanceof Map<?, ?> m && "OPEN".equals(m.get("circuit")));
        return Mono.just(HealthResult.builder("payments", down ? HealthStatus.DOWN : HealthStatus.UP).details(details).build());
    }
}
