package dev.quipu.report.defi;

import dev.quipu.contracts.events.DataVersions;
import dev.quipu.contracts.pricebook.Operation;
import dev.quipu.contracts.pricebook.PriceBook;
import dev.quipu.contracts.validation.ValidationError;
import dev.quipu.contracts.validation.ValidationErrorBody;
import dev.quipu.report.checks.Check;
import dev.quipu.report.kyb.KybAssessment;
import dev.quipu.report.parts.PartAnswer;
import dev.quipu.report.parts.PartUnavailable;
import dev.quipu.report.parts.Parts;
import dev.quipu.report.screening.AuditTrail;
import dev.quipu.runtime.OperationInput;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpResponse;
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
 * {@code POST /report/defi-latam}: the wallet screened against the lists' digital-currency addresses, the
 * entity's KYB when given (registry countries), and FX context from rates-service (its six countries), into
 * {@code defi_clearance} by {@link DefiRules}. At least a wallet or an entity is needed: a clearance of nothing
 * is a 422. A part that cannot answer is a 503 naming it.
 */
@Controller
@ExecuteOn(TaskExecutors.BLOCKING)
public class DefiReportController {

    private final OperationInput input;
    private final Parts parts;
    private final KybAssessment kyb;
    private final Operation operation;

    public DefiReportController(OperationInput input, Parts parts, KybAssessment kyb, PriceBook priceBook) {
        this.input = input;
        this.parts = parts;
        this.kyb = kyb;
        this.operation = priceBook.find("POST", "/report/defi-latam").orElseThrow();
    }

    @Post("/report/defi-latam")
    HttpResponse<?> report(@Nullable @Body byte[] body) {
        OperationInput.Checked checked = input.check(operation, body, Map.of());
        if (!checked.valid()) {
            return HttpResponse.unprocessableEntity().body(checked.errors());
        }
        Map<String, Object> f = checked.fields();
        String country = (String) f.get("country");
        String wallet = text(f.get("wallet"));
        String entityId = text(f.get("entity_id"));
        if (wallet == null && entityId == null) {
            return HttpResponse.unprocessableEntity().body(ValidationErrorBody.of(new ValidationError(List.of("body"),
                    "Give a wallet, an entity_id or both: a clearance needs something to clear", "missing")));
        }
        try {
            return answer(country, wallet, entityId);
        } catch (PartUnavailable e) {
            return e.answer();
        }
    }

    private HttpResponse<?> answer(String country, @Nullable String wallet, @Nullable String entityId) {
        List<AuditTrail> trail = new ArrayList<>();
        PartAnswer screen = null;
        if (wallet != null) {
            screen = parts.wallet(Map.of("wallet", wallet, "country", country));
            trail.add(AuditTrail.of(screen, "POST /wallet/screen"));
        }
        KybAssessment.Assessed entity = null;
        if (entityId != null && PriceBook.REGISTRY_COUNTRIES.contains(country)) {
            KybAssessment.Outcome outcome = kyb.assess(country, entityId, List.of(), null);
            if (outcome instanceof KybAssessment.Refused refused) {
                return HttpResponse.unprocessableEntity().body(refused.body()).contentType(MediaType.APPLICATION_JSON_TYPE);
            }
            entity = (KybAssessment.Assessed) outcome;
            trail.addAll(entity.trail());
        }
        PartAnswer fx = null;
        if (PriceBook.RATE_COUNTRIES.contains(country)) {
            fx = parts.rates(Map.of("country", country));
            trail.add(AuditTrail.of(fx, "POST /rates"));
        }
        List<Check> checks = List.of(DefiChecks.walletListed(wallet, screen), DefiChecks.entityKyb(entityId, country, entity));
        Map<String, Object> sanctions = new LinkedHashMap<>();
        sanctions.put("wallet", screen == null ? null : screen.body());
        sanctions.put("entity", entity == null ? null : entity.sanctions());
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("defi_clearance", DefiRules.clearance(checks));
        answer.put("sanctions", sanctions);
        answer.put("fx_rates", fx == null ? null : fx.body());
        answer.put("fx_note", fx == null ? "rates-service serves FX for " + PriceBook.RATE_COUNTRIES + " only" : null);
        answer.put("risk_score", riskScore(screen, entity));
        answer.put("entity_kyb", entity == null ? null : Map.of("kyb_status", entity.status(), "checks", entity.checks()));
        answer.put("rules_version", DefiRules.VERSION);
        answer.put("checks", checks);
        answer.put("audit_trail", trail);
        Map<String, String> versions = new LinkedHashMap<>();
        trail.forEach(t -> versions.putAll(t.dataVersions()));
        return HttpResponse.ok(answer).header(DataVersions.HEADER, DataVersions.format(versions));
    }

    /** The highest sanctions score among the wallet's and the entity's screenings (0–100). */
    static int riskScore(@Nullable PartAnswer screen, @Nullable KybAssessment.Assessed entity) {
        int score = screen == null ? 0 : number(screen.body().get("risk_score"));
        if (entity != null) {
            score = Math.max(score, number(entity.company().answer().body().get("risk_score")));
        }
        return score;
    }

    private static int number(Object o) {
        return o instanceof Number n ? n.intValue() : 0;
    }

    private static String text(Object o) {
        return o instanceof String s && !s.isBlank() ? s.strip() : null;
    }
}
