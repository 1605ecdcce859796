package dev.quipu.registry.co;

import dev.quipu.registry.load.DatasetReader;
import jakarta.inject.Singleton;

import java.util.Locale;

/** "1.000 empresas más grandes del país", fiscal years 2018 and 2017, the CSV datos.gov.co published. */
@Singleton
public class SupersociedadesEmpresas2018 extends SupersociedadesRanking {

    public static final String ID = "co.supersociedades.empresas-2018";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "Supersociedades — 1.000 empresas más grandes del país, fiscal year 2018 (datos.gov.co CSV)";
    }

    @Override
    public boolean recognises(String fileName) {
        String n = fileName.toLowerCase(Locale.ROOT);
        return (n.endsWith(".csv") || n.endsWith(".csv.gz")) && n.contains("1000_empresas");
    }

    @Override
    public DatasetReader reader() {
        return new RankingCsvReader();
    }
}
