package dev.quipu.registry.br;

import dev.quipu.registry.taxid.Cnpj;
import dev.quipu.registry.taxid.TaxIdCheck;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * RFB Estabelecimentos: one record per establishment (the head office, ordem {@code 0001}, or a branch),
 * keyed by its full 14-character CNPJ (basico + ordem + dv). A record whose CNPJ fails the check digits is
 * skipped. Phone numbers and e-mail addresses (often a sole trader's own) are never served, so not kept.
 */
@Singleton
public class EstabelecimentosDataset extends RfbDataset {

    public static final String ID = "br.rfb.estabelecimentos";

    static final List<String> COLUMNS = List.of("cnpj_basico", "cnpj_ordem", "cnpj_dv", "identificador_matriz_filial",
            "nome_fantasia", "situacao_cadastral", "data_situacao_cadastral", "motivo_situacao_cadastral",
            "nome_cidade_exterior", "pais", "data_inicio_atividade", "cnae_fiscal_principal", "cnae_fiscal_secundaria",
            "tipo_logradouro", "logradouro", "numero", "complemento", "bairro", "cep", "uf", "municipio", "ddd_1",
            "telefone_1", "ddd_2", "telefone_2", "ddd_fax", "fax", "correio_eletronico", "situacao_especial",
            "data_situacao_especial");

    static final Set<String> NOT_KEPT = Set.of("ddd_1", "telefone_1", "ddd_2", "telefone_2", "ddd_fax", "fax",
            "correio_eletronico");

    private final Cnpj cnpj = new Cnpj();

    public EstabelecimentosDataset() {
        super(ID, "Receita Federal — CNPJ open data, Estabelecimentos", COLUMNS, NOT_KEPT,
                Pattern.compile("(?i)(estabelecimentos\\d*\\.zip|.*ESTABELE(\\.csv)?(\\.(gz|bz2|zip))?)"));
    }

    @Override
    Key keyOf(Map<String, String> fields) {
        String whole = fields.getOrDefault("cnpj_basico", "") + fields.getOrDefault("cnpj_ordem", "")
                + fields.getOrDefault("cnpj_dv", "");
        TaxIdCheck check = cnpj.check(whole);
        if (!check.valid()) {
            return Key.skip("CNPJ fails its check: " + check.failedRule().orElse("invalid"));
        }
        return Key.of(check.normalized());
    }
}
