package dev.quipu.registry.api;

import dev.quipu.contracts.events.DataVersions;
import dev.quipu.registry.company.Activity;
import dev.quipu.registry.company.Company;
import dev.quipu.registry.company.CompanyRecord;
import dev.quipu.registry.company.Person;
import dev.quipu.registry.company.SourceRef;
import dev.quipu.registry.taxid.Finding;
import dev.quipu.registry.taxid.TaxIdCheck;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The bodies of {@code /entity} and {@code /registry} (docs/registry.md "Answers"): the spec's fields
 * first, read off the company block, then the block itself, its listings, sources and confidence.
 */
final class RegistryAnswers {

    private RegistryAnswers() {
    }

    /** {@code POST /entity}: razon_social, estado, representante_legal, ciiu, data_confidence. */
    static Map<String, Object> entity(String country, TaxIdCheck id, CompanyRecord r) {
        Company c = r.company();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("razon_social", c.legalName());
        m.put("estado", c.status().registryWording());
        m.put("representante_legal", c.representatives().isEmpty() ? null : c.representatives().get(0).name());
        m.put("ciiu", primaryActivity(c));
        m.put("data_confidence", r.confidence().level().name());
        common(m, country, id, r);
        return m;
    }

    /** {@code POST /registry}: razon_social, capital_social, socios, registro_tipo, renovado_hasta, legal object, domicile. */
    static Map<String, Object> registry(String country, TaxIdCheck id, CompanyRecord r) {
        Company c = r.company();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("razon_social", c.legalName());
        m.put("capital_social", c.capital());
        m.put("socios", c.partners());
        m.put("registro_tipo", c.registrationType());
        m.put("renovado_hasta", c.renewedThrough());
        m.put("objeto_social", r.legalObject());
        m.put("domicilio", c.address());
        m.put("representantes_legales", c.representatives().stream().map(Person::name).toList());
        m.put("data_confidence", r.confidence().level().name());
        common(m, country, id, r);
        return m;
    }

    private static void common(Map<String, Object> m, String country, TaxIdCheck id, CompanyRecord r) {
        m.put("data_confidence_reason", r.confidence().reason());
        m.put("country", country);
        m.put("identifier", id.formatted());
        m.put("company", r.company());
        m.put("listings", r.listings());
        m.put("sources", r.sources());
        m.put("field_sources", r.fieldSources());
        m.put("not_verified", r.notVerified());
        m.put("identifier_warnings", id.warnings().stream().map(Finding::message).toList());
    }

    private static Map<String, Object> primaryActivity(Company c) {
        List<Activity> activities = c.activities();
        Activity primary = activities.stream().filter(Activity::primary).findFirst()
                .orElse(activities.isEmpty() ? null : activities.get(0));
        if (primary == null) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("code", primary.code());
        m.put("scheme", primary.scheme());
        m.put("description", primary.description());
        return m;
    }

    /**
     * {@code X-Data-Versions}: each source of the answer with its cut-off, mode and (for loads) the file's
     * SHA-256, so that the audit chain binds the data the answer came from.
     */
    static String dataVersions(CompanyRecord r) {
        Map<String, String> versions = new LinkedHashMap<>();
        for (SourceRef s : r.sources()) {
            versions.put(s.id(), (s.cutOff() == null ? "cut-off unknown" : s.cutOff().toString()) + " " + s.sourceMode()
                    + (s.sha256() == null ? "" : " sha256:" + s.sha256()));
        }
        return DataVersions.format(versions);
    }
}
