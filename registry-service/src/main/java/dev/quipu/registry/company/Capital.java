package dev.quipu.registry.company;

import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

import java.math.BigDecimal;

/** Registered (social) capital: the amount as the registry states it, ISO 4217 currency. */
@Serdeable(naming = SnakeCaseStrategy.class)
public record Capital(BigDecimal amount, String currency) {
}
