package dev.quipu.registry.br;

import dev.quipu.registry.company.Activity;
import dev.quipu.registry.company.Address;
import dev.quipu.registry.company.Capital;
import dev.quipu.registry.company.CompanyStatus;
import dev.quipu.registry.company.Listing;
import dev.quipu.registry.company.Person;
import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A minha-receita (or BrasilAPI) CNPJ answer: the RFB's Empresas, Estabelecimentos, Sócios and Simples
 * fields of one establishment joined in one JSON object, with the code tables' descriptions filled in.
 * Numbers come as JSON numbers ({@code "cnae_fiscal": 9430800}, {@code "capital_social": 0}); dates ISO.
 */
final class MirrorAnswer {

    private final JsonNode json;

    private MirrorAnswer(JsonNode json) {
        this.json = json;
    }

    /** The answer, or empty when the body is not a JSON object (the caller notes it). */
    static Optional<MirrorAnswer> parse(JsonMapper mapper, String body) {
        try {
            JsonNode node = mapper.readValue(body, JsonNode.class);
            return node != null && node.isObject() ? Optional.of(new MirrorAnswer(node)) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Writes the company block's fields the answer holds; {@code codes} describe codes it left undescribed. */
    void contribute(BrAssembly a, String src, String formattedCnpj, RfbCodeTables codes, LocalDate listCutOff) {
        var b = a.company;
        b.legalName(text("razao_social"), src);
        b.tradeName(text("nome_fantasia"), src);
        b.legalForm(text("natureza_juridica"), src);
        String wording = text("descricao_situacao_cadastral");
        if (wording == null) {
            wording = RfbSituacao.wording(text("situacao_cadastral"));
        }
        LocalDate since = date("data_situacao_cadastral");
        CompanyStatus status = RfbSituacao.status(wording, text("descricao_motivo_situacao_cadastral"), since);
        b.status(status, src);
        if (status != null && CompanyStatus.DISSOLVED.equals(status.normalised())) {
            b.dissolutionDate(since, src);
        }
        b.registrationType(RfbValues.registrationType(text("identificador_matriz_filial")), src);
        b.registrationNumber(formattedCnpj, src);
        b.registrationAuthority(RfbAnswer.AUTHORITY, src);
        b.registrationDate(date("data_inicio_atividade"), src);
        String street = RfbAnswer.join(", ", RfbAnswer.join(" ", text("descricao_tipo_de_logradouro"), text("logradouro")),
                text("numero"), text("complemento"));
        if (!"EX".equals(text("uf")) && (street != null || text("municipio") != null)) {
            b.address(new Address(street, text("bairro"), text("municipio"), text("uf"), text("cep"), "BR"), src);
        }
        b.activities(activities(codes), src);
        BigDecimal capital = number("capital_social");
        if (capital != null) {
            b.capital(new Capital(capital, "BRL"), src);
        }
        b.size(Optional.ofNullable(text("porte")).orElse(text("descricao_porte")), src);
        people(a, src);
        option(a, BrAssembly.SIMPLES, "opcao_pelo_simples", "data_opcao_pelo_simples", "data_exclusao_do_simples", src, listCutOff);
        option(a, BrAssembly.MEI, "opcao_pelo_mei", "data_opcao_pelo_mei", "data_exclusao_do_mei", src, listCutOff);
    }

    private List<Activity> activities(RfbCodeTables codes) {
        List<Activity> list = new ArrayList<>();
        String primary = code(json.get("cnae_fiscal"));
        if (primary != null) {
            list.add(new Activity(primary, RfbAnswer.CNAE, orTable(text("cnae_fiscal_descricao"), codes, primary), true));
        }
        JsonNode secondary = json.get("cnaes_secundarios");
        if (secondary != null && secondary.isArray()) {
            for (JsonNode s : secondary.values()) {
                String c = code(s.get("codigo"));
                if (c != null) {
                    list.add(new Activity(c, RfbAnswer.CNAE, orTable(text(s, "descricao"), codes, c), false));
                }
            }
        }
        return list;
    }

    private void people(BrAssembly a, String src) {
        JsonNode qsa = json.get("qsa");
        if (qsa == null || !qsa.isArray()) {
            return;
        }
        List<Person> partners = new ArrayList<>();
        List<Person> representatives = new ArrayList<>();
        for (JsonNode p : qsa.values()) {
            String name = text(p, "nome_socio");
            if (name == null) {
                continue;
            }
            Person partner = new Person(name, RfbValues.personKind(text(p, "identificador_de_socio")),
                    text(p, "cnpj_cpf_do_socio"), text(p, "qualificacao_socio"), date(p, "data_entrada_sociedade"),
                    text(p, "faixa_etaria"), text(p, "pais"));
            partners.add(partner);
            String qual = text(p, "codigo_qualificacao_socio");
            if (qual != null && RfbValues.REPRESENTING.contains(RfbCodeTables.pad(qual, 2))) {
                representatives.add(partner);
            }
            String repName = text(p, "nome_representante_legal");
            String repId = text(p, "cpf_representante_legal");
            if (repName != null && !RfbValues.NO_REPRESENTATIVE.equals(repId)) {
                representatives.add(new Person(repName, "natural_person", repId, RfbAnswer.join(" — ",
                        text(p, "qualificacao_representante_legal"), "representante legal do sócio " + name), null, null, null));
            }
        }
        a.company.partners(partners, src);
        a.company.representatives(representatives, src);
    }

    private void option(BrAssembly a, String list, String flag, String opted, String excluded, String src, LocalDate cut) {
        JsonNode f = json.get(flag);
        if (f == null || f.isNull() || !f.isBoolean()) {
            return;
        }
        LocalDate in = date(opted);
        LocalDate out = date(excluded);
        String status = f.getBooleanValue() ? "optante" : out != null ? "excluída" : "não optante";
        LocalDate since = f.getBooleanValue() ? in : out;
        String reference = in == null ? null : "opção em " + in + (out == null ? "" : ", exclusão em " + out);
        a.listing(new Listing(list, src, status, since, reference, cut, List.of()));
    }

    private static String orTable(String given, RfbCodeTables codes, String code) {
        return given != null ? given : codes.cnae(code);
    }

    /** A CNAE code from a JSON number: 7 digits, the leading zero a number drops put back; 0 is "none". */
    private static String code(JsonNode n) {
        if (n == null || n.isNull()) {
            return null;
        }
        String s = n.coerceStringValue().strip();
        if (s.isEmpty() || s.chars().allMatch(c -> c == '0')) {
            return null;
        }
        return RfbCodeTables.pad(s, 7);
    }

    private String text(String field) {
        return text(json, field);
    }

    private static String text(JsonNode node, String field) {
        JsonNode n = node.get(field);
        if (n == null || n.isNull() || n.isContainerNode()) {
            return null;
        }
        String s = n.coerceStringValue().strip();
        return s.isEmpty() ? null : s;
    }

    private LocalDate date(String field) {
        return date(json, field);
    }

    private static LocalDate date(JsonNode node, String field) {
        String s = text(node, field);
        if (s == null) {
            return null;
        }
        try {
            return LocalDate.parse(s);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private BigDecimal number(String field) {
        JsonNode n = json.get(field);
        if (n == null || n.isNull()) {
            return null;
        }
        try {
            return n.isNumber() ? new BigDecimal(n.getNumberValue().toString()) : new BigDecimal(n.coerceStringValue().strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
