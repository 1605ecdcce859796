package dev.quipu.registry.co;

import dev.quipu.registry.load.BulkDataset;

import java.util.Optional;

/**
 * Supersociedades' yearly ranking of the country's largest companies (by operating revenue): NIT body,
 * name, supervising superintendency, domicile (region, department, city), CIIU activity, macro-sector
 * and the year's and the year before's figures in thousands of COP. A ranking, not the registry: it
 * says nothing of a company's status or registration.
 */
abstract class SupersociedadesRanking implements BulkDataset {

    static final String PUBLISHER = "Superintendencia de Sociedades (Supersociedades)";

    @Override
    public String country() {
        return ColombiaRegistry.COUNTRY;
    }

    @Override
    public String publisher() {
        return PUBLISHER;
    }

    /** No fixed address: Supersociedades publishes each year's edition anew (datos.gov.co, its own site). */
    @Override
    public Optional<String> officialUrl() {
        return Optional.empty();
    }

    /** Each edition is a year's ranking: an older one stays queryable beside a newer one. */
    @Override
    public boolean keepsEditions() {
        return true;
    }
}
