package dev.quipu.contracts.validation;

import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

import java.util.List;

/**
 * One entry of the spec's 422 body: where ({@code loc}, e.g. {@code ["body","country"]}), what
 * ({@code msg}) and a machine-readable {@code type} (the pydantic vocabulary agents already know).
 */
@Serdeable(naming = SnakeCaseStrategy.class)
public record ValidationError(List<Object> loc, String msg, String type) {

    public ValidationError {
        loc = List.copyOf(loc);
    }

    public static ValidationError body(String field, String msg, String type) {
        return new ValidationError(List.of("body", field), msg, type);
    }
}
