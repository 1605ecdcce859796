package dev.quipu.registry.mx;

import dev.quipu.registry.load.BulkDataset;
import dev.quipu.registry.load.DatasetReader;
import dev.quipu.registry.taxid.TaxIds;
import jakarta.inject.Singleton;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * SAT's list of taxpayers presumed to invoice simulated operations (EFOS, Art. 69-B CFF). Every edition
 * stays: a company's situation over time (Presunto → Definitivo → Sentencia Favorable) is the point.
 */
@Singleton
public class Sat69bDataset implements BulkDataset {

    public static final String ID = "mx.sat.69b";
    /**
     * The current file. The older {@code http://omawww.sat.gob.mx/cifras_sat/Documents/Listado_Completo_69-B.csv}
     * stayed frozen at the 2025-12-31 cut-off (research note §3.2).
     */
    static final String URL = "https://wu1agsprosta001.blob.core.windows.net/agsc-publicaciones/Datos_abiertos/"
            + "Documents_AGAFF/Listado_completo_69-B.csv";
    private static final Pattern NAME = Pattern.compile("(?i)listado_completo_69-b.*\\.csv(\\.(gz|zip|bz2))?");

    private final SatListReader reader;

    public Sat69bDataset(TaxIds taxIds) {
        this.reader = SatListReader.art69b(taxIds);
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String country() {
        return "MX";
    }

    @Override
    public String title() {
        return "SAT — Listado completo de contribuyentes (Artículo 69-B del CFF)";
    }

    @Override
    public String publisher() {
        return "Servicio de Administración Tributaria (SAT)";
    }

    @Override
    public Optional<String> officialUrl() {
        return Optional.of(URL);
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
