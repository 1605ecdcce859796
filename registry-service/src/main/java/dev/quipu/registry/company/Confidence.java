package dev.quipu.registry.company;

import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

/**
 * How far the answer can be relied on, by the rule of docs/registry.md "data_confidence": HIGH for an
 * official registry record within its publication cycle; MEDIUM for an older bulk cut-off or a partial
 * record; LOW when only the identifier's validity or a list presence is known.
 */
@Serdeable(naming = SnakeCaseStrategy.class)
public record Confidence(Level level, String reason) {

    public enum Level { HIGH, MEDIUM, LOW }

    public static Confidence high(String reason) {
        return new Confidence(Level.HIGH, reason);
    }

    public static Confidence medium(String reason) {
        return new Confidence(Level.MEDIUM, reason);
    }

    public static Confidence low(String reason) {
        return new Confidence(Level.LOW, reason);
    }
}
