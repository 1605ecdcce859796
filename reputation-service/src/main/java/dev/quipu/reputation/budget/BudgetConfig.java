package dev.quipu.reputation.budget;

import io.micronaut.context.annotation.ConfigurationProperties;

import java.time.Duration;

/**
 * Budget settings ({@code quipu.budget.*}).
 *
 * @param operatorToken   bearer token of operators ({@code QUIPU_OPERATOR_TOKEN})
 * @param signatureWindow how far a signed request's timestamp may be from now
 * @param reservationTtl  after this, a reservation never committed or released (a crashed gateway) stops counting
 */
@ConfigurationProperties("quipu.budget")
public record BudgetConfig(String operatorToken, Duration signatureWindow, Duration reservationTtl) {
}
