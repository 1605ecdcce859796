package dev.quipu.contracts.validation;

import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

import java.util.List;

/** The spec's HTTP 422 body: {@code {"detail":[{"loc":[...],"msg":"...","type":"..."}]}}. */
@Serdeable(naming = SnakeCaseStrategy.class)
public record ValidationErrorBody(List<ValidationError> detail) {

    public ValidationErrorBody {
        detail = List.copyOf(detail);
    }

    public static ValidationErrorBody of(ValidationError... errors) {
        return new ValidationErrorBody(List.of(errors));
    }
}
