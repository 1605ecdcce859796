package dev.quipu.registry.company;

import io.micronaut.serde.annotation.Serdeable;

import java.math.BigDecimal;

/** Registered (social) capital: the amount as the registry states it, ISO 4217 currency. */
@Serdeable
public record Capital(BigDecimal amount, String currency) {
}
