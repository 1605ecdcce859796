package dev.quipu.gateway.budget;

import io.micronaut.context.annotation.ConfigurationProperties;

/**
 * Budget settings of the gateway ({@code quipu.gateway.budget.*}).
 *
 * @param failOpen whether a paid call may run when reputation-service cannot be asked; true keeps
 *                 the API up through a reputation outage at the cost of caps not being enforced meanwhile
 */
@ConfigurationProperties("quipu.gateway.budget")
public record BudgetConfig(boolean failOpen) {
}
