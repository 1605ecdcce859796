package dev.quipu.registry.br;

import jakarta.inject.Singleton;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * RFB Sócios (the QSA): one record per partner of a company (cnpj_basico). Natural persons' CPFs come
 * masked by the RFB ({@code ***839507**}) and are kept exactly so; legal-person partners' CNPJs in full.
 */
@Singleton
public class SociosDataset extends RfbDataset {

    public static final String ID = "br.rfb.socios";

    static final List<String> COLUMNS = List.of("cnpj_basico", "identificador_socio", "nome_socio", "cnpj_cpf_socio",
            "qualificacao_socio", "data_entrada_sociedade", "pais", "representante_legal", "nome_do_representante",
            "qualificacao_representante_legal", "faixa_etaria");

    public SociosDataset() {
        super(ID, "Receita Federal — CNPJ open data, Sócios", COLUMNS, Set.of(),
                Pattern.compile("(?i)(socios\\d*\\.zip|.*SOCIOCSV(\\.csv)?(\\.(gz|bz2|zip))?)"));
    }

    @Override
    Key keyOf(Map<String, String> fields) {
        return basico(fields);
    }
}
