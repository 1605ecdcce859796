package dev.quipu.registry.company;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

import java.time.LocalDate;
import java.util.List;

/**
 * A company as every country's registry answers it: the same keys for CO, BR, MX, CL and PE. A fact
 * the registry does not publish is {@code null} (or an empty list), never guessed; which source gave
 * each field is in {@link CompanyRecord#fieldSources()}.
 *
 * @param renewedThrough the last year the registration was renewed for (Colombia's matrícula mercantil)
 */
@Serdeable(naming = SnakeCaseStrategy.class)
public record Company(
        @Nullable String legalName,
        @Nullable String tradeName,
        TaxIdView taxId,
        @Nullable String legalForm,
        CompanyStatus status,
        @Nullable String registrationType,
        @Nullable String registrationNumber,
        @Nullable String registrationAuthority,
        @Nullable LocalDate registrationDate,
        @Nullable LocalDate renewalDate,
        @Nullable Integer renewedThrough,
        @Nullable LocalDate dissolutionDate,
        @Nullable Address address,
        List<Activity> activities,
        @Nullable Capital capital,
        @Nullable String size,
        List<Person> representatives,
        List<Person> partners) {
}
