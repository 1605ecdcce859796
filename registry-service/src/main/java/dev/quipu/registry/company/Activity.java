package dev.quipu.registry.company;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

/**
 * An economic activity of the company.
 *
 * @param scheme      the classification: {@code CIIU Rev. 4 A.C.}, {@code CNAE 2.3}, {@code SCIAN 2023}
 * @param description from the classification's official table; {@code null} when the code is not in it
 */
@Serdeable(naming = SnakeCaseStrategy.class)
public record Activity(String code, String scheme, @Nullable String description, boolean primary) {
}
