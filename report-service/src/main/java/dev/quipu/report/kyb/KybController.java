package dev.quipu.report.kyb;

import dev.quipu.contracts.events.DataVersions;
import dev.quipu.contracts.pricebook.Operation;
import dev.quipu.contracts.pricebook.PriceBook;
import dev.quipu.report.checks.Check;
import dev.quipu.report.parts.PartAnswer;
import dev.quipu.report.parts.PartUnavailable;
import dev.quipu.report.parts.Parts;
import dev.quipu.report.screening.AuditTrail;
import dev.quipu.runtime.ErrorBody;
import dev.quipu.runtime.OperationInput;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Post;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code POST /entity/kyb}: the registry's record of the identifier and a sanctions screening of the company's
 * name with its identifier (with and without check digit), of its legal representatives and of its partners,
 * turned into checks and a status by {@link KybRules}. A part that cannot answer is a 503 naming it.
 */
@Controller
@ExecuteOn(TaskExecutors.BLOCKING)
public class KybController {

    /** Screenings per KYB are bounded: the first names the registry publishes. */
    static final int MAX_PEOPLE = 10;

    private final OperationInput input;
    private final Parts parts;
    private final Operation operation;

    public KybController(OperationInput input, Parts parts, PriceBook priceBook) {
        this.input = input;
        this.parts = parts;
        this.operation = priceBook.find("POST", "/entity/kyb").orElseThrow();
    }

    @Post("/entity/kyb")
    HttpResponse<?> kyb(@Nullable @Body byte[] body) {
        OperationInput.Checked checked = input.check(operation, body, Map.of());
        if (!checked.valid()) {
            return HttpResponse.unprocessableEntity().body(checked.errors());
        }
        String country = (String) checked.fields().get("country");
        String identifier = (String) checked.fields().get("identifier");
        try {
            return answer(country, identifier);
        } catch (PartUnavailable e) {
            return HttpResponse.status(HttpStatus.SERVICE_UNAVAILABLE).header("Retry-After", Long.toString(e.retryAfterSeconds()))
                    .body(new ErrorBody("part_unavailable", "No verdict without its parts: " + e.getMessage() + ".",
                            "Nothing was charged; ask again after Retry-After seconds."));
        }
    }

    @SuppressWarnings("unchecked")
    private HttpResponse<?> answer(String country, String identifier) {
        Parts.RegistryAnswer lookup = parts.entity(Map.of("identifier", identifier, "country", country));
        if (lookup instanceof Parts.Refused refused) {
            return HttpResponse.unprocessableEntity().body(refused.body()).contentType(MediaType.APPLICATION_JSON_TYPE);
        }
        PartAnswer registry = lookup instanceof Parts.Found f ? f.answer() : null;
        PartAnswer notFound = lookup instanceof Parts.NotFound nf ? nf.answer() : null;
        Map<String, Object> company = registry == null ? Map.of() : (Map<String, Object>) registry.body().get("company");
        String name = registry == null ? null : (String) registry.body().get("razon_social");
        List<String> ids = identifiers(company, identifier);
        List<AuditTrail> trail = new ArrayList<>();
        trail.add(AuditTrail.of(registry != null ? registry : notFound, "POST /entity"));

        Map<String, Object> entityRequest = new LinkedHashMap<>();
        // with no registry name the identifier alone is screened (a listed tax id decides alone)
        entityRequest.put("name", name != null ? name : identifier);
        entityRequest.put("country", country);
        entityRequest.put("type", "company");
        entityRequest.put("identifiers", ids);
        Screened screenedCompany = new Screened("company", (String) entityRequest.get("name"), parts.sanctions(entityRequest));
        trail.add(AuditTrail.of(screenedCompany.answer(), "POST /sanctions (company)"));
        List<Screened> representatives = people(company.get("representatives"), "representative", country, trail);
        List<Screened> partners = people(company.get("partners"), "partner", country, trail);

        List<Check> checks = KybChecks.of(country, identifier, registry, notFound, screenedCompany, representatives, partners);
        String status = KybRules.status(checks);
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("kyb_status", status);
        answer.put("entity", registry == null ? null : registry.body());
        Map<String, Object> sanctions = new LinkedHashMap<>();
        sanctions.put("entity", screenedCompany.answer().body());
        sanctions.put("representatives", representatives.stream().map(s -> Map.of("name", s.name(), "result", s.answer().body())).toList());
        sanctions.put("partners", partners.stream().map(s -> Map.of("name", s.name(), "result", s.answer().body())).toList());
        answer.put("sanctions", sanctions);
        answer.put("data_confidence", registry == null ? "LOW" : registry.body().get("data_confidence"));
        answer.put("rules_version", KybRules.VERSION);
        answer.put("checks", checks);
        answer.put("audit_trail", trail);
        Map<String, String> versions = new LinkedHashMap<>();
        trail.forEach(t -> versions.putAll(t.dataVersions()));
        return HttpResponse.ok(answer).header(DataVersions.HEADER, DataVersions.format(versions));
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
    private List<Screened> people(Object listed, String role, String country, List<AuditTrail> trail) {
        List<Screened> out = new ArrayList<>();
        if (!(listed instanceof List<?> people)) {
            return out;
        }
        for (Object p : people.stream().limit(MAX_PEOPLE).toList()) {
            Map<String, Object> person = (Map<String, Object>) p;
            String name = (String) person.get("name");
            if (name == null || name.isBlank()) {
                continue;
            }
            String kind = String.valueOf(person.get("kind"));
            Map<String, Object> request = new LinkedHashMap<>();
            request.put("name", name);
            request.put("country", country);
            request.put("type", kind.equals("legal_person") ? "company" : "person");
            PartAnswer answer = parts.sanctions(request);
            trail.add(AuditTrail.of(answer, "POST /sanctions (" + role + ")"));
            out.add(new Screened(role, name, answer));
        }
        return out;
    }
}
