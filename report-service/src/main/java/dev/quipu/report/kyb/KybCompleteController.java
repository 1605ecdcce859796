package dev.quipu.report.kyb;

import dev.quipu.contracts.events.DataVersions;
import dev.quipu.contracts.pricebook.PriceBook;
import dev.quipu.contracts.validation.ValidationError;
import dev.quipu.contracts.validation.ValidationErrorBody;
import dev.quipu.report.narrative.KybNarrative;
import dev.quipu.report.narrative.Language;
import dev.quipu.report.narrative.NarrativeModel;
import dev.quipu.report.narrative.Sentence;
import dev.quipu.report.parts.PartUnavailable;
import dev.quipu.runtime.ErrorBody;
import dev.quipu.runtime.OperationInput;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Header;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Post;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code POST /solutions/kyb-complete-{co,mx,br,cl,pe}}: the {@link KybAssessment} of the country's tax id, with
 * the caller's optional {@code name} compared with the registry's and optional {@code representatives[]}
 * screened beside the registry's, answered as a bundle: registry, sanctions, a risk narrative from the checks
 * (en/es/pt by {@code Accept-Language}), the audit trail, the status and the checks.
 */
@Controller
@ExecuteOn(TaskExecutors.BLOCKING)
public class KybCompleteController {

    static final int MAX_REPRESENTATIVES = 10;

    private final OperationInput input;
    private final KybAssessment kyb;
    private final PriceBook priceBook;
    private final KybNarrative narrative = new KybNarrative();
    private final NarrativeModel narrativeModel;

    public KybCompleteController(OperationInput input, KybAssessment kyb, PriceBook priceBook, NarrativeModel narrativeModel) {
        this.input = input;
        this.narrativeModel = narrativeModel;
        this.kyb = kyb;
        this.priceBook = priceBook;
    }

    @Post("/solutions/kyb-complete-{cc}")
    HttpResponse<?> bundle(@PathVariable String cc, @Nullable @Body byte[] body,
                           @Nullable @Header(HttpHeaders.ACCEPT_LANGUAGE) String acceptLanguage) {
        var operation = priceBook.find("POST", "/solutions/kyb-complete-" + cc);
        if (operation.isEmpty()) {
            return HttpResponse.notFound(ErrorBody.of("not_found", "No operation POST /solutions/kyb-complete-" + cc + " here."));
        }
        OperationInput.Checked checked = input.check(operation.get(), body, Map.of());
        if (!checked.valid()) {
            return HttpResponse.unprocessableEntity().body(checked.errors());
        }
        Map<String, Object> f = checked.fields();
        List<ValidationError> errors = new ArrayList<>();
        List<String> representatives = representatives(f.get("representatives"), errors);
        if (!errors.isEmpty()) {
            return HttpResponse.unprocessableEntity().body(new ValidationErrorBody(errors));
        }
        String country = cc.toUpperCase(Locale.ROOT);
        String identifier = (String) f.get("identifier");
        String name = f.get("name") instanceof String s && !s.isBlank() ? s.strip() : null;
        KybAssessment.Outcome outcome;
        try {
            outcome = kyb.assess(country, identifier, representatives, name);
        } catch (PartUnavailable e) {
            return e.answer();
        }
        if (outcome instanceof KybAssessment.Refused refused) {
            return HttpResponse.unprocessableEntity().body(refused.body()).contentType(MediaType.APPLICATION_JSON_TYPE);
        }
        KybAssessment.Assessed a = (KybAssessment.Assessed) outcome;
        Language lang = Language.from(acceptLanguage);
        List<Sentence> sentences = narrative.of(a.checks(), KybFacts.of(identifier, a), a.status(), KybRules.VERSION, lang);
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("kyb_status", a.status());
        answer.put("registry", a.registry() == null ? null : a.registry().body());
        answer.put("sanctions", a.sanctions());
        NarrativeModel.Phrased phrased = narrativeModel.phrase(sentences, lang);
        answer.put("risk_narrative", phrased.text());
        answer.put("narrative_language", lang.code());
        answer.put("narrative_source", phrased.source());
        answer.put("narrative_trace", sentences);
        answer.put("data_confidence", a.dataConfidence());
        answer.put("rules_version", KybRules.VERSION);
        answer.put("checks", a.checks());
        answer.put("audit_trail", a.trail());
        return HttpResponse.ok(answer).header(DataVersions.HEADER, a.dataVersions());
    }

    /** {@code representatives}: optional, a list of up to 10 names (strings of 1–256 characters). */
    static List<String> representatives(Object value, List<ValidationError> errors) {
        if (value == null) {
            return List.of();
        }
        if (!(value instanceof List<?> list)) {
            errors.add(ValidationError.body("representatives", "Input should be a valid list", "list_type"));
            return List.of();
        }
        if (list.size() > MAX_REPRESENTATIVES) {
            errors.add(ValidationError.body("representatives", "List should have at most " + MAX_REPRESENTATIVES + " items", "too_long"));
            return List.of();
        }
        List<String> names = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            if (!(list.get(i) instanceof String s) || s.isBlank() || s.length() > 256) {
                errors.add(new ValidationError(List.of("body", "representatives", i), "Input should be a name of 1 to 256 characters",
                        "string_type"));
            } else {
                names.add(s.strip());
            }
        }
        return names;
    }
}
