package dev.quipu.report.kyb;

import dev.quipu.contracts.events.DataVersions;
import dev.quipu.contracts.pricebook.Operation;
import dev.quipu.contracts.pricebook.PriceBook;
import dev.quipu.report.parts.PartUnavailable;
import dev.quipu.runtime.OperationInput;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Post;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code POST /entity/kyb}: the {@link KybAssessment} with the spec's fields; a part that cannot answer is a 503 naming it. */
@Controller
@ExecuteOn(TaskExecutors.BLOCKING)
public class KybController {

    private final OperationInput input;
    private final KybAssessment kyb;
    private final Operation operation;

    public KybController(OperationInput input, KybAssessment kyb, PriceBook priceBook) {
        this.input = input;
        this.kyb = kyb;
        this.operation = priceBook.find("POST", "/entity/kyb").orElseThrow();
    }

    @Post("/entity/kyb")
    HttpResponse<?> kyb(@Nullable @Body byte[] body) {
        OperationInput.Checked checked = input.check(operation, body, Map.of());
        if (!checked.valid()) {
            return HttpResponse.unprocessableEntity().body(checked.errors());
        }
        KybAssessment.Outcome outcome;
        try {
            outcome = kyb.assess((String) checked.fields().get("country"), (String) checked.fields().get("identifier"), List.of(), null);
        } catch (PartUnavailable e) {
            return e.answer();
        }
        if (outcome instanceof KybAssessment.Refused refused) {
            return HttpResponse.unprocessableEntity().body(refused.body()).contentType(MediaType.APPLICATION_JSON_TYPE);
        }
        KybAssessment.Assessed a = (KybAssessment.Assessed) outcome;
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("kyb_status", a.status());
        answer.put("entity", a.registry() == null ? null : a.registry().body());
        answer.put("sanctions", a.sanctions());
        answer.put("data_confidence", a.dataConfidence());
        answer.put("rules_version", KybRules.VERSION);
        answer.put("checks", a.checks());
        answer.put("audit_trail", a.trail());
        return HttpResponse.ok(answer).header(DataVersions.HEADER, a.dataVersions());
    }
}
