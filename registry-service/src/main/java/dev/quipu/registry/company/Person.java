package dev.quipu.registry.company;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

import java.time.LocalDate;

/**
 * A legal representative or a partner as the registry publishes them.
 *
 * @param kind     {@code natural_person}, {@code legal_person}, {@code foreign} or {@code unknown}
 * @param idMasked the person's identifier exactly as the registry publishes it (natural persons' ids
 *                 masked by the registry, e.g. {@code ***839507**}); never unmasked or completed by us
 * @param ageBand  the registry's age band for natural persons (Brazil's faixa etária)
 */
@Serdeable(naming = SnakeCaseStrategy.class)
public record Person(String name, String kind, @Nullable String idMasked, @Nullable String role,
                     @Nullable LocalDate since, @Nullable String ageBand, @Nullable String country) {
}
