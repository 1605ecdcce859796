package dev.quipu.payment.admission;

import dev.quipu.proof.SignerRecovery;
import io.micronaut.health.HealthStatus;
import io.micronaut.management.health.indicator.HealthIndicator;
import io.micronaut.management.health.indicator.HealthResult;
import jakarta.inject.Singleton;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code payments} in {@code /health}: the mode ({@code local} or {@code facilitator}) and, in
 * facilitator mode, each facilitator's circuit state and latency; and the secp256k1 engine that
 * verifies signatures ({@code libsecp256k1}, or {@code bouncycastle} where the native library
 * cannot load). DOWN when every circuit is open.
 */
@Singleton
public class PaymentsHealthIndicator implements HealthIndicator {

    private final Settlement settlement;
    private final SignerRecovery recovery;

    public PaymentsHealthIndicator(Settlement settlement, SignerRecovery recovery) {
        this.settlement = settlement;
        this.recovery = recovery;
    }

    @Override
    public Publisher<HealthResult> getResult() {
        Map<String, Object> details = new LinkedHashMap<>(settlement.health());
        details.put("signature_recovery", recovery.engine());
        boolean down = details.get("facilitators") instanceof List<?> list && !list.isEmpty()
                && list.stream().allMatch(f -> f instanceof Map<?, ?> m && "OPEN".equals(m.get("circuit")));
        return Mono.just(HealthResult.builder("payments", down ? HealthStatus.DOWN : HealthStatus.UP).details(details).build());
    }
}
