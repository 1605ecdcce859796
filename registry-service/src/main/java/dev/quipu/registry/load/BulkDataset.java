package dev.quipu.registry.load;

import java.util.Optional;

/**
 * One kind of file an official source publishes (RFB's Estabelecimentos, SAT's Art. 69-B list,
 * SUNAT's Padrón Reducido…), read record by record into the store by {@link BulkLoader}. Each country
 * package declares its datasets as beans.
 */
public interface BulkDataset {

    /** Stable id, {@code country.publisher.file}, e.g. {@code br.rfb.estabelecimentos}; names the source in answers. */
    String id();

    /** ISO 3166-1 alpha-2 code of the registry's country. */
    String country();

    /** What the file is, e.g. {@code Receita Federal — CNPJ open data, Estabelecimentos}. */
    String title();

    /** The authority that publishes it, e.g. {@code Receita Federal do Brasil}. */
    String publisher();

    /** Where the publisher puts the current file (the default of a load without a file or URL); empty if nowhere fixed. */
    Optional<String> officialUrl();

    /**
     * Whether older editions stay queryable after a newer one is loaded (SAT 69-B: a company's situation
     * over time). Otherwise a complete load with a newer cut-off replaces the older ones.
     */
    default boolean keepsEditions() {
        return false;
    }

    /** Whether a file of this name is one of this dataset's (for {@code ./quipu registry load COUNTRY FILE}). */
    boolean recognises(String fileName);

    /**
     * The cut-off a file's URL or name says (RFB's release folder {@code /2026-10/}), for files that state
     * none inside; unknown by default.
     */
    default CutOff cutOffOf(String urlOrName) {
        return CutOff.unknown();
    }

    /** Reads one file's decompressed bytes. */
    DatasetReader reader();
}
