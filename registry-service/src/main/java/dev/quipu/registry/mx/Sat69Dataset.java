package dev.quipu.registry.mx;

import dev.quipu.registry.load.BulkDataset;
import dev.quipu.registry.load.DatasetReader;
import dev.quipu.registry.taxid.TaxIds;
import jakarta.inject.Singleton;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * SAT's list of non-compliant taxpayers (Art. 69 CFF: créditos firmes, exigibles, cancelados, condonados,
 * no localizados, sentencias…), a current-state list: a newer edition replaces the older. No edition is
 * bundled: none was available; an operator loads SAT's file.
 */
@Singleton
public class Sat69Dataset implements BulkDataset {

    public static final String ID = "mx.sat.69";
    static final String URL = "https://wu1agsprosta001.blob.core.windows.net/agsc-publicaciones/Datos_abiertos/"
            + "Documents_AGAFF/Listado_Completo_69.csv";
    private static final Pattern NAME = Pattern.compile("(?i)listado_completo_69(_[^-].*)?\\.csv(\\.(gz|zip|bz2))?");

    private final SatListReader reader;

    public Sat69Dataset(TaxIds taxIds) {
        this.reader = SatListReader.art69(taxIds);
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
        return "SAT — Listado completo de contribuyentes incumplidos (Artículo 69 del CFF)";
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
    public boolean recognises(String fileName) {
        return NAME.matcher(fileName).matches();
    }

    @Override
    public DatasetReader reader() {
        return reader;
    }
}
