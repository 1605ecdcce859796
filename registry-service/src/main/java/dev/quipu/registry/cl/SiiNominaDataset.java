package dev.quipu.registry.cl;

import dev.quipu.registry.load.BulkDataset;
import dev.quipu.registry.load.DatasetReader;
import dev.quipu.registry.taxid.TaxIds;
import jakarta.inject.Singleton;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * SII's Nómina de Personas Jurídicas y Empresas (about yearly): every company's start and end of activities,
 * sales band, workers, activity and domicile comuna. None is bundled: no copy was available.
 */
@Singleton
public class SiiNominaDataset implements BulkDataset {

    public static final String ID = "cl.sii.nomina";
    static final String PAGE = "https://www.sii.cl/sobre_el_sii/nominapersonasjuridicas.html";
    private static final Pattern NAME = Pattern.compile("(?i).*(nomina|pub_nom).*\\.(txt|zip|csv)(\\.(gz|bz2))?");

    private final SiiNominaReader reader;

    public SiiNominaDataset(TaxIds taxIds) {
        this.reader = new SiiNominaReader(taxIds);
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
        return "SII — Nómina de Personas Jurídicas y Empresas";
    }

    @Override
    public String publisher() {
        return "Servicio de Impuestos Internos (SII)";
    }

    /** The file is linked from SII's page, under a name that changes with each edition. */
    @Override
    public Optional<String> officialUrl() {
        return Optional.empty();
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
