package dev.quipu.gateway.budget;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;

import java.time.Duration;

/**
 * Budget settings of the gateway ({@code quipu.gateway.budget.*}).
 *
 * @param failOpen        whether every paid call may run when reputation-service cannot be asked
 *                        (caps unenforced meanwhile). False, the default: only agents known to have no
 *                        cap run; an agent with a cap, or one not heard of lately, gets 503
 * @param uncappedMemory  how long the gateway trusts reputation-service's last answer that an agent
 *                        has no cap, for calls during an outage
 */
@ConfigurationProperties("quipu.gateway.budget")
public record BudgetConfig(@Bindable(defaultValue = "false") boolean failOpen,
                           @Bindable(defaultValue = "60s") Duration uncappedMemory) {
}
