package dev.quipu.contracts.pricebook;

import io.micronaut.serde.annotation.Serdeable;

/**
 * A route that needs no payment. {@code path} may hold one {@code {agent_id}}-style variable.
 */
@Serdeable
public record FreeRoute(String method, String path, Service service, String description) {
}
