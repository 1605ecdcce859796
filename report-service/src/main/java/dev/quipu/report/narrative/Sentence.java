package dev.quipu.report.narrative;

import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

/** One sentence of a narrative and the check (or {@code verdict}) it says. */
@Serdeable(naming = SnakeCaseStrategy.class)
public record Sentence(String text, String check) {
}
