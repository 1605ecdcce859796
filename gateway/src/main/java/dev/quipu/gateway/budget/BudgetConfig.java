package dev.quipu.gateway.budget;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;

/**
 * Budget settings of the gateway ({@code quipu.gateway.budget.*}).
 *
 * @param failOpen whether every paid call may run when reputation-service cannot be asked (caps
 *                 unenforced meanwhile). False, the default: agents the {@link BudgetDirectory} knows
 *                 to have no cap run (they are not asked about anyway); an agent with a cap, or any
 *                 agent while the directory has not caught up, gets 503
 */
@ConfigurationProperties("quipu.gateway.budget")
public record BudgetConfig(@Bindable(defaultValue = "false") boolean failOpen) {
}
