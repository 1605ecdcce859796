package dev.quipu.registry.co;

import dev.quipu.registry.company.Activity;
import dev.quipu.registry.company.CompanyBuilder;
import dev.quipu.registry.company.CompanyStatus;
import dev.quipu.registry.company.Listing;
import dev.quipu.registry.company.Person;
import io.micronaut.core.type.Argument;
import io.micronaut.json.JsonMapper;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.quipu.registry.co.RuesFields.*;

/**
 * RUES rows (a live answer's JSON array, or the bulk export's rows) into the company block: the preferred
 * matrícula ({@link RuesMatricula#PREFERENCE}) gives name, status, registration, dates, legal form,
 * activities and representative; the NIT's other matrículas are listed with their chamber and wording.
 */
final class RuesAssembly {

    static final String OTHER_MATRICULA = "RUES — otra matrícula del mismo NIT";

    private final JsonMapper json;
    private final CiiuCatalogue ciiu;

    RuesAssembly(JsonMapper json, CiiuCatalogue ciiu) {
        this.json = json;
        this.ciiu = ciiu;
    }

    /** A Socrata answer's rows, each field as text (Socrata writes every value of this dataset as a string). */
    List<Map<String, String>> rows(String body) throws IOException {
        List<Map<String, Object>> parsed = json.readValue(body, Argument.listOf(Argument.mapOf(String.class, Object.class)));
        List<Map<String, String>> rows = new ArrayList<>(parsed.size());
        for (Map<String, Object> row : parsed) {
            Map<String, String> fields = new LinkedHashMap<>();
            // a personal field would only be here if the source ignored $select: it is dropped all the same
            row.forEach((k, v) -> {
                if (v != null && !(v instanceof Map) && !(v instanceof List) && RuesFields.company(k)) {
                    fields.put(k, String.valueOf(v));
                }
            });
            rows.add(fields);
        }
        return rows;
    }

    /** Applies the rows of one NIT to the builder, the preferred matrícula first; returns the listings of the others. */
    List<Listing> apply(List<RuesMatricula> ordered, CompanyBuilder company, String source) {
        if (ordered.isEmpty()) {
            return List.of();
        }
        RuesMatricula m = ordered.get(0);
        CompanyStatus status = m.status();
        company.legalName(m.get(NAME), source)
                .tradeName(m.get(ACRONYM), source)
                .status(status, source)
                .legalForm(m.get(LEGAL_ORGANISATION) != null ? m.get(LEGAL_ORGANISATION) : m.get(COMPANY_TYPE), source)
                .registrationType(m.get(CATEGORY), source)
                .registrationNumber(m.get(MATRICULA), source)
                .registrationAuthority(m.chamber(), source)
                .registrationDate(m.registered(), source)
                .renewalDate(m.renewed(), source)
                .renewedThrough(m.renewedThrough(), source)
                .activities(activities(m), source);
        if (CompanyStatus.DISSOLVED.equals(status.normalised())) {
            company.dissolutionDate(m.cancelled(), source);
        }
        if (m.get(REPRESENTATIVE) != null) {
            // the name only: RUES publishes it as commercial registry information; the id is not asked for
            company.representatives(List.of(new Person(m.get(REPRESENTATIVE), "unknown", null, "representante legal",
                    null, null, null)), source);
        }
        List<Listing> others = new ArrayList<>();
        for (RuesMatricula other : ordered.subList(1, ordered.size())) {
            others.add(new Listing(OTHER_MATRICULA, source, other.get(STATUS), other.cancelled(),
                    "matrícula " + other.get(MATRICULA) + ", " + other.chamber()
                            + (other.get(CATEGORY) == null ? "" : ", " + other.get(CATEGORY)),
                    null, List.of()));
        }
        return others;
    }

    /** Principal, secondary, and the third and fourth activity slots ({@code ciiu3}, {@code ciiu4}) of the matrícula. */
    private List<Activity> activities(RuesMatricula m) {
        List<Activity> list = new ArrayList<>();
        ciiu.activity(m.get(CIIU_PRIMARY), true).ifPresent(list::add);
        for (String field : List.of(CIIU_SECONDARY, CIIU_3, CIIU_4)) {
            ciiu.activity(m.get(field), false).filter(a -> list.stream().noneMatch(x -> x.code().equals(a.code())))
                    .ifPresent(list::add);
        }
        return list;
    }
}
