package dev.quipu.report.checks;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

/**
 * The authoritative record a check compared against.
 *
 * @param source    the part and list or registry, e.g. {@code sanctions-service: OFAC_SDN}
 * @param asOf      the record's publication date or version date
 * @param version   the list's version (its SHA-256) or the dataset's
 */
@Serdeable(naming = SnakeCaseStrategy.class)
public record Evidence(String source, @Nullable String sourceUrl, @Nullable String asOf, @Nullable String version) {
}
