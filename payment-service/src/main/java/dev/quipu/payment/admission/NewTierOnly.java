package dev.quipu.payment.admission;

import io.micronaut.context.annotation.Secondary;
import jakarta.inject.Singleton;

/** Every wallet is NEW (no discount) until reputation-service publishes tiers. */
@Singleton
@Secondary
public class NewTierOnly implements TierDiscounts {

    @Override
    public int percentFor(String wallet) {
        return 0;
    }
}
