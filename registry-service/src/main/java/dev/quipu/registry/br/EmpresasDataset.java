package dev.quipu.registry.br;

import jakarta.inject.Singleton;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/** RFB Empresas: one record per company (cnpj_basico), with its razão social, legal nature and capital. */
@Singleton
public class EmpresasDataset extends RfbDataset {

    public static final String ID = "br.rfb.empresas";

    static final List<String> COLUMNS = List.of("cnpj_basico", "razao_social", "natureza_juridica",
            "qualificacao_responsavel", "capital_social", "porte_empresa", "ente_federativo_responsavel");

    public EmpresasDataset() {
        super(ID, "Receita Federal — CNPJ open data, Empresas", COLUMNS, Set.of(),
                Pattern.compile("(?i)(empresas\\d*\\.zip|.*EMPRECSV(\\.csv)?(\\.(gz|bz2|zip))?)"));
    }

    @Override
    Key keyOf(Map<String, String> fields) {
        return basico(fields);
    }
}
