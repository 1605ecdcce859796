package dev.quipu.report.kyb;

import dev.quipu.contracts.events.DataVersions;
import dev.quipu.report.checks.Check;
import dev.quipu.report.checks.CheckResult;
import dev.quipu.report.parts.PartUnavailable;
import dev.quipu.report.parts.PartAnswer;
import dev.quipu.report.parts.Parts;
import dev.quipu.report.screening.AuditTrail;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A KYB composed from its parts (docs/reports.md "/entity/kyb"): registry-service's record of the identifier,
 * then sanctions-service's screenings of the company's name with its tax id, of its representatives and of
 * its partners, into checks and a status by {@link KybRules}. Shared by {@code /entity/kyb} and the
 * {@code /solutions/kyb-complete-*} bundles. A part that cannot answer throws {@code PartUnavailable}.
 */
@Singleton
public class KybAssessment {

    /** Screenings per KYB are bounded: the first names the registry publishes (and the caller adds). */
    static final int MAX_PEOPLE = 10;

    private final Parts parts;

    public KybAssessment(Parts parts) {
        this.parts = parts;
    }

    /** The outcome: the registry refused the identifier (its 422, passed on), or the assessment. */
    public sealed interface Outcome permits Refused, Assessed {
    }

    public record Refused(byte[] body) implements Outcome {
    }

    /**
     * @param registry the registry's record, null when no source knows the identifier
     * @param notFound the registry's 404 when {@code registry} is null
     */
    public record Assessed(String status, @Nullable PartAnswer registry, @Nullable PartAnswer notFound, Screened company,
                           List<Screened> representatives, List<Screened> partners, List<Check> checks, List<AuditTrail> trail)
            implements Outcome {

        public String dataVersions() {
            Map<String, String> versions = new LinkedHashMap<>();
            trail.forEach(t -> versions.putAll(t.dataVersions()));
            return DataVersions.format(versions);
        }

        public Map<String, Object> sanctions() {
            Map<String, Object> sanctions = new LinkedHashMap<>();
            sanctions.put("entity", company.answer().body());
            sanctions.put("representatives", representatives.stream().map(s -> Map.of("name", s.name(), "result", s.answer().body())).toList());
            sanctions.put("partners", partners.stream().map(s -> Map.of("name", s.name(), "result", s.answer().body())).toList());
            return sanctions;
        }

        public Object dataConfidence() {
            return registry == null ? "LOW" : registry.body().get("data_confidence");
        }
    }

    /**
     * @param callerRepresentatives names the caller says represent the company, screened beside the registry's
     * @param callerName            a name the caller gives for the company, compared with the registry's (null: no check)
     */
    @SuppressWarnings("unchecked")
    public Outcome assess(String country, String identifier, List<String> callerRepresentatives, @Nullable String callerName) {
        Parts.RegistryAnswer lookup;
        try {
            lookup = parts.entity(Map.of("identifier", identifier, "country", country));
        } catch (PartUnavailable registryDown) {
            return listedWithoutRegistry(country, identifier, callerName, registryDown);
        }
        if (lookup instanceof Parts.Refused refused) {
            return new Refused(refused.body());
        }
        PartAnswer registry = lookup instanceof Parts.Found f ? f.answer() : null;
        PartAnswer notFound = lookup instanceof Parts.NotFound nf ? nf.answer() : null;
        Map<String, Object> company = registry == null ? Map.of() : (Map<String, Object>) registry.body().get("company");
        String name = registry == null ? null : (String) registry.body().get("razon_social");
        List<AuditTrail> trail = new ArrayList<>();
        trail.add(AuditTrail.of(registry != null ? registry : notFound, "POST /entity"));

        Map<String, Object> request = new LinkedHashMap<>();
        // with no registry name, the caller's name or the identifier itself is screened (a listed tax id decides alone)
        request.put("name", name != null ? name : callerName != null ? callerName : identifier);
        request.put("country", country);
        request.put("type", "company");
        request.put("identifiers", identifiers(company, identifier));
        Screened screenedCompany = new Screened("company", (String) request.get("name"), parts.sanctions(request));
        trail.add(AuditTrail.of(screenedCompany.answer(), "POST /sanctions (company)"));

        List<Map<String, Object>> people = new ArrayList<>(listOf(company.get("representatives")));
        callerRepresentatives.forEach(n -> people.add(Map.of("name", n, "kind", "natural_person")));
        List<Screened> representatives = screen(people, "representative", country, trail);
        List<Screened> partners = screen(listOf(company.get("partners")), "partner", country, trail);

        List<Check> checks = new ArrayList<>(KybChecks.of(country, identifier, registry, notFound, screenedCompany,
                representatives, partners));
        if (callerName != null) {
            checks.add(NameComparison.check(callerName, name));
        }
        return new Assessed(KybRules.status(checks), registry, notFound, screenedCompany, representatives, partners,
                List.copyOf(checks), List.copyOf(trail));
    }

    /**
     * The registry cannot answer: a tax id that a sanctions list carries still decides alone (BLOCKED), so
     * the identifier is screened; any other outcome needs the registry, and the part's absence is passed on.
     */
    private Assessed listedWithoutRegistry(String country, String identifier, @Nullable String callerName, PartUnavailable registryDown) {
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("name", callerName != null ? callerName : identifier);
        request.put("country", country);
        request.put("type", "company");
        List<String> ids = new ArrayList<>(List.of(identifier));
        int dash = identifier.lastIndexOf('-');
        if (country.equals("CO") && dash > 0) {
            ids.add(identifier.substring(0, dash));
        }
        request.put("identifiers", ids);
        Screened screened;
        try {
            screened = new Screened("company", (String) request.get("name"), parts.sanctions(request));
        } catch (PartUnavailable sanctionsDown) {
            // both parts missing: the first one asked is the one named
            throw registryDown;
        }
        Check listed = KybChecks.identifierListed(identifier, screened.answer());
        if (!listed.is(CheckResult.FAIL)) {
            throw registryDown;
        }
        List<Check> checks = List.of(Check.of("registry_found", CheckResult.UNAVAILABLE, "registry-service could not answer ("
                + registryDown.getMessage() + "); the listed identifier decides alone.", List.of(), 30), listed);
        return new Assessed(KybRules.status(checks), null, null, screened, List.of(), List.of(), checks,
                List.of(AuditTrail.of(screened.answer(), "POST /sanctions (company)")));
    }

    /** The tax id as registries and lists write it: normalised, formatted, and a NIT's body without its check digit. */
    @SuppressWarnings("unchecked")
    static List<String> identifiers(Map<String, Object> company, String identifier) {
        List<String> ids = new ArrayList<>();
        ids.add(identifier);
        if (company.get("tax_id") instanceof Map<?, ?> t) {
            Map<String, Object> taxId = (Map<String, Object>) t;
            String normalised = String.valueOf(taxId.get("normalised"));
            ids.add(normalised);
            ids.add(String.valueOf(taxId.get("formatted")));
            if ("nit".equals(taxId.get("type")) && normalised.length() > 1) {
                ids.add(normalised.substring(0, normalised.length() - 1));
            }
        }
        return ids.stream().distinct().toList();
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> listOf(Object o) {
        return o instanceof List<?> l ? (List<Map<String, Object>>) l : List.of();
    }

    private List<Screened> screen(List<Map<String, Object>> people, String role, String country, List<AuditTrail> trail) {
        List<Screened> out = new ArrayList<>();
        for (Map<String, Object> person : people.stream().limit(MAX_PEOPLE).toList()) {
            String name = (String) person.get("name");
            if (name == null || name.isBlank() || out.stream().anyMatch(s -> s.name().equalsIgnoreCase(name))) {
                continue;
            }
            Map<String, Object> request = new LinkedHashMap<>();
            request.put("name", name);
            request.put("country", country);
            request.put("type", "legal_person".equals(person.get("kind")) ? "company" : "person");
            PartAnswer answer = parts.sanctions(request);
            trail.add(AuditTrail.of(answer, "POST /sanctions (" + role + ")"));
            out.add(new Screened(role, name, answer));
        }
        return out;
    }
}
