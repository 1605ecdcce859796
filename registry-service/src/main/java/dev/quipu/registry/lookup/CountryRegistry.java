package dev.quipu.registry.lookup;

import dev.quipu.registry.company.CompanyRecord;
import dev.quipu.registry.load.BulkDataset;
import dev.quipu.registry.taxid.TaxIdCheck;

import java.util.List;
import java.util.Optional;

/**
 * One country's registry: its datasets, live sources and bundled samples, and how their records become
 * one {@link CompanyRecord}. Each country package ({@code dev.quipu.registry.co}, {@code .br}, …) has one.
 */
public interface CountryRegistry {

    /** ISO 3166-1 alpha-2. */
    String country();

    /** The bulk datasets of the country's official sources. */
    List<BulkDataset> datasets();

    /** The live sources asked first for a single identifier, in order of preference (may be none). */
    default List<LiveSource> liveSources() {
        return List.of();
    }

    /** The real sample files bundled with the service, loaded at first start. */
    List<BundledSample> bundled();

    /**
     * The {@code registry_rows} keys under which this identifier's records are stored (Brazil: the
     * 14-character CNPJ and its 8-character base, under which Empresas and Sócios are keyed).
     */
    List<String> keys(TaxIdCheck id);

    /**
     * The answer, from what the sources returned; empty when no source knows the identifier (the caller
     * answers 404). May answer with only the identifier's validity and list checks where the country has
     * no open registry (Mexico), saying so in {@link CompanyRecord#notVerified()}.
     */
    Optional<CompanyRecord> assemble(TaxIdCheck id, Evidence evidence);
}
