package dev.quipu.registry.cl;

import dev.quipu.registry.load.BulkDataset;
import dev.quipu.registry.load.DatasetReader;
import dev.quipu.registry.taxid.TaxIds;
import jakarta.inject.Singleton;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Chile's Registro de Empresas y Sociedades (Ley 20.659, "Tu empresa en un día"), Ministerio de Economía, on
 * datos.gob.cl (dataset 363edd60-4919-4ff1-b85f-f8e14d61285a): one file per year of constitutions. Each year
 * file holds other companies, so every edition stays.
 */
@Singleton
public class ResDataset implements BulkDataset {

    public static final String ID = "cl.res.sociedades";
    static final String DATASET_PAGE = "https://datos.gob.cl/dataset/363edd60-4919-4ff1-b85f-f8e14d61285a";
    private static final Pattern NAME = Pattern.compile("(?i)\\d{4}-sociedades-por-fecha-rut-constitucion\\.csv(\\.(gz|zip|bz2))?");

    private final ResReader reader;

    public ResDataset(TaxIds taxIds) {
        this.reader = new ResReader(taxIds);
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String country() {
        return "CL";
    }

    @Override
    public String title() {
        return "Registro de Empresas y Sociedades (Ley 20.659) — sociedades por fecha y RUT de constitución";
    }

    @Override
    public String publisher() {
        return "Ministerio de Economía, Fomento y Turismo — Registro de Empresas y Sociedades";
    }

    /** One CSV per year, listed on the dataset's page: no single current file. */
    @Override
    public Optional<String> officialUrl() {
        return Optional.empty();
    }

    @Override
    public boolean keepsEditions() {
        return true;
    }

    @Override
    public boolean recognises(String fileName) {
        return NAME.matcher(fileName).matches();
    }

    @Override
    public DatasetReader reader() {
        return reader;
    }
}
