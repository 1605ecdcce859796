package dev.quipu.registry.company;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

/**
 * The registered domicile as the registry gives it.
 *
 * @param region  state, department or region name
 * @param country ISO 3166-1 alpha-2
 */
@Serdeable(naming = SnakeCaseStrategy.class)
public record Address(@Nullable String street, @Nullable String district, @Nullable String city,
                      @Nullable String region, @Nullable String postalCode, String country) {
}
