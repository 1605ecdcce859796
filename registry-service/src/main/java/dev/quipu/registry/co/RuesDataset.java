package dev.quipu.registry.co;

import dev.quipu.registry.load.BulkDataset;
import dev.quipu.registry.load.DatasetReader;
import jakarta.inject.Singleton;

import java.util.Locale;
import java.util.Optional;

/**
 * RUES, the registry of the chambers of commerce, as Confecámaras publishes it on datos.gov.co: "Personas
 * Naturales, Personas Jurídicas y Entidades Sin Ánimo de Lucro" ({@code c82u-588k}), updated daily, about
 * 9.3 million matrículas. Its bulk export is the floor under the live source {@link RuesOpenData}.
 */
@Singleton
public class RuesDataset implements BulkDataset {

    public static final String ID = "co.rues";
    static final String EXPORT = "https://www.datos.gov.co/api/views/c82u-588k/rows.csv?accessType=DOWNLOAD";
    static final String TITLE = "RUES — Personas Naturales, Personas Jurídicas y Entidades Sin Ánimo de Lucro (datos.gov.co c82u-588k)";
    static final String PUBLISHER = "Confecámaras — Registro Único Empresarial y Social (RUES)";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String country() {
        return ColombiaRegistry.COUNTRY;
    }

    @Override
    public String title() {
        return TITLE;
    }

    @Override
    public String publisher() {
        return PUBLISHER;
    }

    @Override
    public Optional<String> officialUrl() {
        return Optional.of(EXPORT);
    }

    /** The export's download name ({@code Personas_Naturales,_Personas_Jurídicas_y_Entidades_Sin_Animo_de_Lucro_YYYYMMDD.csv}) or the dataset id. */
    @Override
    public boolean recognises(String fileName) {
        String n = fileName.toLowerCase(Locale.ROOT);
        return n.contains("c82u-588k") || (n.startsWith("personas_naturales") && n.contains(".csv"));
    }

    @Override
    public DatasetReader reader() {
        return new RuesCsvReader();
    }
}
