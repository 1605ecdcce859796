package dev.quipu.registry.company;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

import java.time.LocalDate;

/**
 * The registry's own wording of the company's status and its normalised reading.
 *
 * @param normalised one of {@code active}, {@code inactive}, {@code dissolved}, {@code suspended}, {@code unknown}
 * @param since      the date the registry gives for the status, when it gives one
 */
@Serdeable(naming = SnakeCaseStrategy.class)
public record CompanyStatus(@Nullable String registryWording, String normalised, @Nullable LocalDate since) {

    public static final String ACTIVE = "active";
    public static final String INACTIVE = "inactive";
    public static final String DISSOLVED = "dissolved";
    public static final String SUSPENDED = "suspended";
    public static final String UNKNOWN = "unknown";

    public static CompanyStatus unknown() {
        return new CompanyStatus(null, UNKNOWN, null);
    }
}
