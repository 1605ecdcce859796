package dev.quipu.registry.br;

import dev.quipu.registry.company.Activity;
import dev.quipu.registry.company.Address;
import dev.quipu.registry.company.Capital;
import dev.quipu.registry.company.CompanyStatus;
import dev.quipu.registry.company.Listing;
import dev.quipu.registry.company.Person;
import dev.quipu.registry.store.StoredRow;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** What the RFB's four CNPJ tables say of a company, written into the answer with their code tables' descriptions. */
final class RfbAnswer {

    static final String CNAE = "CNAE 2.3";
    static final String AUTHORITY = "Receita Federal do Brasil";

    private final RfbCodeTables codes;

    RfbAnswer(RfbCodeTables codes) {
        this.codes = codes;
    }

    /** The establishment of exactly this CNPJ: its own status, trade name, address, activities. */
    void establishment(StoredRow row, String formattedCnpj, BrAssembly a) {
        Map<String, String> f = row.fields();
        String src = row.dataset();
        var b = a.company;
        b.tradeName(f.get("nome_fantasia"), src);
        String wording = RfbSituacao.wording(f.get("situacao_cadastral"));
        LocalDate since = RfbValues.date(f.get("data_situacao_cadastral"));
        CompanyStatus status = RfbSituacao.status(wording, codes.motivo(f.get("motivo_situacao_cadastral")), since);
        b.status(status, src);
        if (status != null && CompanyStatus.DISSOLVED.equals(status.normalised())) {
            b.dissolutionDate(since, src);
        }
        b.registrationType(RfbValues.registrationType(f.get("identificador_matriz_filial")), src);
        b.registrationNumber(formattedCnpj, src);
        b.registrationAuthority(AUTHORITY, src);
        b.registrationDate(RfbValues.date(f.get("data_inicio_atividade")), src);
        address(f, a, src);
        b.activities(activities(f.get("cnae_fiscal_principal"), f.get("cnae_fiscal_secundaria")), src);
    }

    private void address(Map<String, String> f, BrAssembly a, String src) {
        if ("EX".equals(f.get("uf"))) {
            a.notVerified("the establishment is abroad (" + join(" — ", f.get("nome_cidade_exterior"),
                    codes.pais(f.get("pais"))) + "); its foreign address is not given in the address block");
            return;
        }
        String street = join(", ", join(" ", f.get("tipo_logradouro"), f.get("logradouro")), f.get("numero"),
                f.get("complemento"));
        String city = codes.municipio(f.get("municipio"));
        if (street == null && city == null && f.get("cep") == null) {
            return;
        }
        a.company.address(new Address(street, f.get("bairro"), city, f.get("uf"), f.get("cep"), "BR"), src);
    }

    List<Activity> activities(String primary, String secondaryCommaList) {
        List<Activity> list = new ArrayList<>();
        if (primary != null) {
            list.add(new Activity(primary, CNAE, codes.cnae(primary), true));
        }
        if (secondaryCommaList != null) {
            Stream.of(secondaryCommaList.split(",")).map(String::strip).filter(s -> !s.isEmpty())
                    .forEach(c -> list.add(new Activity(c, CNAE, codes.cnae(c), false)));
        }
        return list;
    }

    /** The company (cnpj_basico): razão social as the RFB publishes it, legal nature, capital, size. */
    void empresa(StoredRow row, BrAssembly a) {
        Map<String, String> f = row.fields();
        String src = row.dataset();
        a.company.legalName(f.get("razao_social"), src);
        a.company.legalForm(codes.naturezaJuridica(f.get("natureza_juridica")), src);
        var amount = RfbValues.money(f.get("capital_social"));
        if (amount != null) {
            a.company.capital(new Capital(amount, "BRL"), src);
        }
        a.company.size(RfbValues.porte(f.get("porte_empresa")), src);
    }

    /**
     * The QSA: every row a partner, its id as the RFB publishes it (a CPF masked, a CNPJ whole); the
     * partners who manage the company, and the partners' own legal representatives, also as representatives.
     */
    void socios(List<StoredRow> rows, BrAssembly a) {
        List<Person> partners = new ArrayList<>();
        List<Person> representatives = new ArrayList<>();
        for (StoredRow row : rows) {
            Map<String, String> f = row.fields();
            String name = f.get("nome_socio");
            if (name == null) {
                continue;
            }
            String qualCode = f.get("qualificacao_socio");
            String role = codes.qualificacao(qualCode);
            String kind = RfbValues.personKind(f.get("identificador_socio"));
            LocalDate since = RfbValues.date(f.get("data_entrada_sociedade"));
            Person partner = new Person(name, kind, f.get("cnpj_cpf_socio"), role, since,
                    RfbValues.ageBand(f.get("faixa_etaria")), codes.pais(f.get("pais")));
            partners.add(partner);
            if (qualCode != null && RfbValues.REPRESENTING.contains(RfbCodeTables.pad(qualCode, 2))) {
                representatives.add(partner);
            }
            String repName = f.get("nome_do_representante");
            String repId = f.get("representante_legal");
            if (repName != null && !RfbValues.NO_REPRESENTATIVE.equals(repId)) {
                String repRole = codes.qualificacao(f.get("qualificacao_representante_legal"));
                representatives.add(new Person(repName, "natural_person", repId,
                        join(" — ", repRole, "representante legal do sócio " + name), null, null, null));
            }
        }
        String src = rows.isEmpty() ? null : rows.get(0).dataset();
        a.company.partners(partners, src);
        a.company.representatives(representatives, src);
    }

    /** The Simples Nacional and MEI options of the company. */
    void simples(StoredRow row, BrAssembly a) {
        Map<String, String> f = row.fields();
        LocalDate cut = row.load().cutOff();
        option(BrAssembly.SIMPLES, f.get("opcao_pelo_simples"), f.get("data_opcao"), f.get("data_exclusao"), row, cut, a);
        option(BrAssembly.MEI, f.get("opcao_mei"), f.get("data_opcao_mei"), f.get("data_exclusao_mei"), row, cut, a);
    }

    private static void option(String list, String sn, String opted, String excluded, StoredRow row, LocalDate cut,
                               BrAssembly a) {
        if (sn == null) {
            return;
        }
        LocalDate in = RfbValues.date(opted);
        LocalDate out = RfbValues.date(excluded);
        String status;
        LocalDate since;
        if ("S".equalsIgnoreCase(sn)) {
            status = "optante";
            since = in;
        } else if (out != null) {
            status = "excluída";
            since = out;
        } else {
            status = "não optante";
            since = null;
        }
        String reference = in == null ? null : "opção em " + in + (out == null ? "" : ", exclusão em " + out);
        a.listing(new Listing(list, row.dataset(), status, since, reference, cut, List.of()));
    }

    static String join(String sep, String... parts) {
        String s = Stream.of(parts).filter(p -> p != null && !p.isBlank()).map(String::strip)
                .collect(Collectors.joining(sep));
        return s.isEmpty() ? null : s;
    }
}
