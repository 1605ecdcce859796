package dev.quipu.registry.br;

import jakarta.inject.Singleton;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/** RFB Simples: each company's (cnpj_basico) option for the Simples Nacional and the MEI, with dates ({@code 00000000}: none). */
@Singleton
public class SimplesDataset extends RfbDataset {

    public static final String ID = "br.rfb.simples";

    static final List<String> COLUMNS = List.of("cnpj_basico", "opcao_pelo_simples", "data_opcao", "data_exclusao",
            "opcao_mei", "data_opcao_mei", "data_exclusao_mei");

    public SimplesDataset() {
        super(ID, "Receita Federal — CNPJ open data, Simples Nacional and MEI options", COLUMNS, Set.of(),
                Pattern.compile("(?i)(simples\\d*\\.zip|.*SIMPLES\\.CSV.*|SIMPLESCSV(\\.csv)?(\\.(gz|bz2|zip))?)"));
    }

    @Override
    Key keyOf(Map<String, String> fields) {
        return basico(fields);
    }
}
