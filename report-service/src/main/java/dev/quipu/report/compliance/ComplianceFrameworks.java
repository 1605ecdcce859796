package dev.quipu.report.compliance;

import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code compliance_framework}: which rules the report's checks serve, per country, with citations — a mapping
 * for the compliance officer, never a claim of certification or of legal sufficiency.
 */
public final class ComplianceFrameworks {

    static final String NOTE = "A mapping of this report's checks to the rules they serve, for the compliance officer; "
            + "not a certification, not legal advice, and not proof that the rules are met.";

    private ComplianceFrameworks() {
    }

    @Serdeable(naming = SnakeCaseStrategy.class)
    public record Rule(String citation, String requirement, List<String> checks) {
    }

    @Serdeable(naming = SnakeCaseStrategy.class)
    public record Framework(String country, String note, List<Rule> rules) {
    }

    private static final List<String> CDD = List.of("registry_found", "registry_active", "name_matches");
    private static final List<String> SCREENING = List.of("identifier_listed", "sanctions_entity", "sanctions_representatives");
    private static final List<String> OWNERS = List.of("sanctions_partners", "sanctions_representatives");

    private static final Map<String, List<Rule>> NATIONAL = Map.of(
            "CO", List.of(new Rule("SFC Circular Básica Jurídica (C.E. 029/2014), Parte I, Título IV, Cap. IV — SARLAFT",
                    "Know the customer and screen it against restrictive lists (ONU, OFAC) before and during the relationship",
                    List.of("registry_found", "registry_active", "identifier_listed", "sanctions_entity", "sanctions_representatives",
                            "sanctions_partners"))),
            "MX", List.of(new Rule("LFPIORPI (DOF 17-10-2012), art. 18", "Identify the customer and keep its data for vulnerable activities",
                            CDD),
                    new Rule("Código Fiscal de la Federación, art. 69-B", "Taxpayers presumed or found to invoice simulated operations (EFOS)",
                            List.of("sat_69b"))),
            "BR", List.of(new Rule("Lei 9.613/1998, arts. 10 e 11; normas do COAF",
                    "Identify clients, keep records and report suspicious operations to COAF", List.of("registry_found", "registry_active",
                            "identifier_listed", "sanctions_entity", "sanctions_partners"))),
            "CL", List.of(new Rule("Ley 19.913 (UAF), art. 3; circulares de la UAF",
                    "Customer due diligence and checks against the UN Security Council lists", List.of("registry_found",
                            "identifier_listed", "sanctions_entity", "sanctions_representatives"))),
            "PE", List.of(new Rule("SBS Res. N.° 789-2018, Reglamento de Gestión de Riesgos de LA/FT",
                    "Customer due diligence, including the customer's tax domicile condition and list screening",
                    List.of("registry_found", "registry_active", "sunat_habido", "identifier_listed", "sanctions_entity"))));

    public static Framework of(String country) {
        List<Rule> rules = new ArrayList<>();
        rules.add(new Rule("FATF Recommendation 10 — Customer due diligence",
                "Identify and verify the customer using reliable, independent sources", CDD));
        rules.add(new Rule("FATF Recommendation 16 — Wire transfers", "Screen originators and beneficiaries of transfers against "
                + "targeted financial sanctions lists", SCREENING));
        rules.add(new Rule("FATF Recommendation 24 — Transparency and beneficial ownership of legal persons",
                "Know who owns and controls a legal person", OWNERS));
        rules.addAll(NATIONAL.getOrDefault(country, List.of()));
        return new Framework(country, NOTE, rules);
    }
}
