package dev.quipu.runtime;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

/**
 * The body of every non-422 error the suite returns: a stable machine code, a sentence for people,
 * and optionally what the caller can do about it.
 */
@Serdeable(naming = SnakeCaseStrategy.class)
public record ErrorBody(String error, String message, @Nullable String hint) {

    public static ErrorBody of(String error, String message) {
        return new ErrorBody(error, message, null);
    }
}
