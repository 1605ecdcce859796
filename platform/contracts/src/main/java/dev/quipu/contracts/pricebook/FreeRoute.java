package dev.quipu.contracts.pricebook;

import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

/**
 * A route that needs no payment. {@code path} may hold one {@code {agent_id}}-style variable.
 */
@Serdeable(naming = SnakeCaseStrategy.class)
public record FreeRoute(String method, String path, Service service, String description) {
}
