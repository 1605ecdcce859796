package dev.quipu.report.kyb;

import dev.quipu.report.checks.Check;
import dev.quipu.report.checks.CheckResult;
import dev.quipu.report.checks.Evidence;
import dev.quipu.report.parts.PartAnswer;
import dev.quipu.report.screening.ScreeningChecks;
import io.micronaut.core.annotation.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The checks of a KYB (docs/reports.md "Checks"), each comparing one fact with the registry's record or
 * the sanctions lists: registry_found, registry_active, identifier_listed, sanctions_entity,
 * sanctions_representatives, sanctions_partners, and sat_69b for Mexico.
 */
public final class KybChecks {

    private KybChecks() {
    }

    /**
     * @param registry the registry's record, or null when no source knows the identifier
     * @param notFound the registry's 404 (which sources it asked) when {@code registry} is null
     */
    public static List<Check> of(String country, String identifier, @Nullable PartAnswer registry, @Nullable PartAnswer notFound,
                                 Screened company, List<Screened> representatives, List<Screened> partners) {
        List<Check> checks = new ArrayList<>();
        checks.add(registryFound(identifier, registry, notFound));
        checks.add(registryActive(registry));
        checks.add(identifierListed(identifier, company.answer()));
        checks.add(names("sanctions_entity", List.of(company), "the company's name"));
        checks.add(names("sanctions_representatives", representatives, "its legal representatives"));
        checks.add(names("sanctions_partners", partners, "its partners"));
        if (country.equals("MX")) {
            checks.add(sat69b(registry));
        }
        if (country.equals("PE")) {
            checks.add(sunatHabido(registry));
        }
        return checks;
    }

    static Check registryFound(String identifier, PartAnswer registry, PartAnswer notFound) {
        if (registry != null) {
            return Check.of("registry_found", CheckResult.PASS, "The registry knows " + identifier + " as \""
                    + registry.body().get("razon_social") + "\".", sources(registry), 30);
        }
        Object asked = notFound == null ? null : notFound.body().get("sources_asked");
        return Check.of("registry_found", CheckResult.FAIL, "No registry source knows " + identifier
                + (asked == null ? "" : "; asked: " + asked) + ".", List.of(new Evidence("registry-service", null, null,
                notFound == null ? null : notFound.sha256())), 30);
    }

    @SuppressWarnings("unchecked")
    static Check registryActive(PartAnswer registry) {
        if (registry == null) {
            return Check.of("registry_active", CheckResult.NOT_APPLICABLE, "No registry record to read a status from.", List.of(), 20);
        }
        Map<String, Object> status = (Map<String, Object>) ((Map<String, Object>) registry.body().get("company")).get("status");
        String normalised = String.valueOf(status.get("normalised"));
        String wording = status.get("registry_wording") == null ? normalised : status.get("registry_wording") + " (" + normalised + ")";
        CheckResult r = switch (normalised) {
            case "active" -> CheckResult.PASS;
            case "unknown" -> CheckResult.REVIEW;
            default -> CheckResult.FAIL;
        };
        String summary = r == CheckResult.REVIEW
                ? "The registry's sources publish no status for the company: it could not be verified as active."
                : "The registry's status is " + wording + ".";
        return Check.of("registry_active", r, summary, sources(registry), 20);
    }

    /** A tax id a sanctions list carries decides alone (the screening sent it with and without its check digit). */
    @SuppressWarnings("unchecked")
    static Check identifierListed(String identifier, PartAnswer sanctions) {
        for (Map<String, Object> m : ScreeningChecks.list(sanctions.body().get("matches"))) {
            Object explanation = m.get("explanation");
            Object features = explanation instanceof Map<?, ?> e ? ((Map<String, Object>) e).get("features") : null;
            if (features instanceof Map<?, ?> f && f.containsKey("identifier")) {
                return Check.of("identifier_listed", CheckResult.FAIL, identifier + " is listed on " + m.get("list") + " under \""
                        + m.get("matched_name") + "\" (entity " + m.get("entity_id") + ").", ScreeningChecks.listsChecked(sanctions), 100);
            }
        }
        return Check.of("identifier_listed", CheckResult.PASS, identifier + " appears in no list's identifiers.",
                ScreeningChecks.listsChecked(sanctions), 100);
    }

    static Check names(String id, List<Screened> screened, String what) {
        if (screened.isEmpty()) {
            return Check.of(id, CheckResult.NOT_APPLICABLE, "The registry publishes no names of " + what + " to screen.", List.of(), 0);
        }
        CheckResult worst = CheckResult.PASS;
        List<String> found = new ArrayList<>();
        for (Screened s : screened) {
            CheckResult r = ScreeningChecks.resultOf(s.answer());
            if (r != CheckResult.PASS) {
                found.add("\"" + s.name() + "\" → " + ScreeningChecks.bestMatch(s.answer()) + (r == CheckResult.FAIL ? "" : " (to review)"));
            }
            worst = r == CheckResult.FAIL || worst == CheckResult.FAIL ? CheckResult.FAIL
                    : r == CheckResult.REVIEW || worst == CheckResult.REVIEW ? CheckResult.REVIEW : CheckResult.PASS;
        }
        String names = screened.stream().map(s -> "\"" + s.name() + "\"").collect(Collectors.joining(", "));
        String summary = worst == CheckResult.PASS ? "No name on the sanctions lists matches " + what + " (" + names + ")."
                : "Sanctions lists and " + what + ": " + String.join("; ", found) + ".";
        return Check.of(id, worst, summary, ScreeningChecks.listsChecked(screened.get(0).answer()), 100);
    }

    /** Mexico: a taxpayer on the SAT Art. 69-B list as presunto or definitivo (invoices of simulated operations). */
    @SuppressWarnings("unchecked")
    static Check sat69b(PartAnswer registry) {
        if (registry == null) {
            return Check.of("sat_69b", CheckResult.NOT_APPLICABLE, "No registry answer to read the 69-B list from.", List.of(), 80);
        }
        for (Map<String, Object> l : ScreeningChecks.list(registry.body().get("listings"))) {
            if (String.valueOf(l.get("list")).contains("69-B")) {
                String status = String.valueOf(l.get("status"));
                CheckResult r = status.startsWith("Definitivo") ? CheckResult.FAIL
                        : status.startsWith("Presunto") ? CheckResult.REVIEW : CheckResult.PASS;
                return Check.of("sat_69b", r, "SAT Art. 69-B list (cut-off " + l.get("list_cut_off") + "): " + status + ".",
                        sources(registry), 80);
            }
        }
        return Check.of("sat_69b", CheckResult.PASS, "Not on the SAT Art. 69-B list loaded.", sources(registry), 80);
    }

    /** Peru: SUNAT's domicile condition (padrón reducido); a NO HABIDO taxpayer cannot be found at its declared address. */
    static Check sunatHabido(PartAnswer registry) {
        if (registry != null) {
            for (Map<String, Object> l : ScreeningChecks.list(registry.body().get("listings"))) {
                if (String.valueOf(l.get("list")).contains("Condición de domicilio")) {
                    String condition = String.valueOf(l.get("status"));
                    CheckResult r = condition.equals("HABIDO") ? CheckResult.PASS : CheckResult.FAIL;
                    return Check.of("sunat_habido", r, "SUNAT's domicile condition is " + condition + ".", sources(registry), 60);
                }
            }
        }
        return Check.of("sunat_habido", CheckResult.NOT_APPLICABLE, "No Padrón Reducido RUC record is loaded for this RUC: "
                + "its domicile condition (habido, no habido) could not be read.", registry == null ? List.of() : sources(registry), 60);
    }

    static List<Evidence> sources(PartAnswer registry) {
        List<Evidence> out = new ArrayList<>();
        for (Map<String, Object> s : ScreeningChecks.list(registry.body().get("sources"))) {
            out.add(new Evidence(registry.part() + ": " + s.get("id"), s.get("url") == null ? null : String.valueOf(s.get("url")),
                    s.get("cut_off") == null ? null : String.valueOf(s.get("cut_off")), s.get("sha256") == null ? null : String.valueOf(s.get("sha256"))));
        }
        return out;
    }
}
