package dev.quipu.contracts.events;

import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

/** An agent moved between reputation tiers, on {@link Topics#REPUTATION} keyed by agent id. */
@Serdeable(naming = SnakeCaseStrategy.class)
public record TierChanged(String eventId, String agentId, String fromTier, String toTier, int discountPct,
                          String occurredAt) {
}
