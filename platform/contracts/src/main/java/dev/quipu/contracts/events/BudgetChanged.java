package dev.quipu.contracts.events;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

/**
 * An agent's spending cap as it is after a change, on {@link Topics#BUDGETS} keyed by agent id (the
 * topic is compacted, so the latest change of every agent stays). Of two changes of one agent the
 * later {@code changed_at} is the current one.
 *
 * @param capped     false when the agent has no cap (then limit_usdc and period are null)
 * @param limitUsdc  the cap, USDC decimal string
 * @param period     daily, weekly, monthly or total
 * @param setBy      operator or wallet:0x…
 */
@Serdeable(naming = SnakeCaseStrategy.class)
public record BudgetChanged(String eventId, String agentId, boolean capped, @Nullable String limitUsdc,
                            @Nullable String period, @Nullable String setBy, String changedAt) {
}
