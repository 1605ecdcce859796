package dev.quipu.registry.co;

import dev.quipu.registry.load.DatasetReader;
import jakarta.inject.Singleton;

import java.util.Locale;

/** "Las 10.000 empresas más grandes del país", the 2025 ranking (fiscal years 2025 and 2024), as Supersociedades' workbook. */
@Singleton
public class SupersociedadesEmpresas2025 extends SupersociedadesRanking {

    public static final String ID = "co.supersociedades.empresas-2025";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "Supersociedades — 10.000 empresas más grandes del país, ranking 2025 (workbook)";
    }

    @Override
    public boolean recognises(String fileName) {
        String n = fileName.toLowerCase(Locale.ROOT);
        return n.endsWith(".xlsx") && (n.contains("10000") || n.contains("10.000")) && n.contains("empresas");
    }

    @Override
    public DatasetReader reader() {
        return new RankingXlsxReader();
    }
}
