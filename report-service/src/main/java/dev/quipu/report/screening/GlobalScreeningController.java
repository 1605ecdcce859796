package dev.quipu.report.screening;

import dev.quipu.contracts.events.DataVersions;
import dev.quipu.contracts.pricebook.Operation;
import dev.quipu.contracts.pricebook.PriceBook;
import dev.quipu.report.checks.Check;
import dev.quipu.report.narrative.Language;
import dev.quipu.report.narrative.NarrativeModel;
import dev.quipu.report.narrative.ScreeningNarrative;
import dev.quipu.report.narrative.Sentence;
import dev.quipu.report.parts.PartAnswer;
import dev.quipu.report.parts.PartUnavailable;
import dev.quipu.report.parts.Parts;
import dev.quipu.runtime.OperationInput;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Header;
import io.micronaut.http.annotation.Post;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code POST /solutions/screening-global}: the name screened on every sanctions list by sanctions-service,
 * the checks and the verdict by {@link ScreeningRules}, a narrative from the checks, and the audit trail of
 * the part consulted. No verdict without its part: sanctions-service unavailable → 503 with Retry-After.
 */
@Controller
@ExecuteOn(TaskExecutors.BLOCKING)
public class GlobalScreeningController {

    private final OperationInput input;
    private final Parts parts;
    private final Operation operation;
    private final NarrativeModel narrativeModel;

    public GlobalScreeningController(OperationInput input, Parts parts, PriceBook priceBook, NarrativeModel narrativeModel) {
        this.input = input;
        this.parts = parts;
        this.narrativeModel = narrativeModel;
        this.operation = priceBook.find("POST", "/solutions/screening-global").orElseThrow();
    }

    @Post("/solutions/screening-global")
    HttpResponse<?> screen(@Nullable @Body byte[] body, @Nullable @Header(HttpHeaders.ACCEPT_LANGUAGE) String acceptLanguage) {
        OperationInput.Checked checked = input.check(operation, body, Map.of());
        if (!checked.valid()) {
            return HttpResponse.unprocessableEntity().body(checked.errors());
        }
        Map<String, Object> f = checked.fields();
        String name = (String) f.get("name");
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("name", name);
        request.put("country", f.get("country"));
        request.put("type", f.get("type"));
        PartAnswer sanctions;
        try {
            sanctions = parts.sanctions(request);
        } catch (PartUnavailable e) {
            return e.answer();
        }
        List<Check> checks = List.of(ScreeningChecks.sanctionsName(name, sanctions));
        String verdict = ScreeningRules.verdict(checks);
        Language lang = Language.from(acceptLanguage);
        List<Sentence> narrative = ScreeningNarrative.of(name, checks, verdict, ScreeningRules.VERSION, lang);
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("screening_status", verdict);
        answer.put("risk_score", sanctions.body().get("risk_score"));
        answer.put("rules_version", ScreeningRules.VERSION);
        answer.put("checks", checks);
        answer.put("sanctions", sanctions.body());
        NarrativeModel.Phrased phrased = narrativeModel.phrase(narrative, lang);
        answer.put("risk_narrative", phrased.text());
        answer.put("narrative_language", lang.code());
        answer.put("narrative_source", phrased.source());
        answer.put("narrative_trace", narrative);
        answer.put("audit_trail", List.of(AuditTrail.of(sanctions, "POST /sanctions")));
        MutableHttpResponse<Map<String, Object>> response = HttpResponse.ok(answer);
        if (sanctions.dataVersions() != null) {
            response.header(DataVersions.HEADER, sanctions.dataVersions());
        }
        return response;
    }
}
