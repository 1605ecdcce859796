package dev.quipu.report.compliance;

import dev.quipu.contracts.events.DataVersions;
import dev.quipu.contracts.pricebook.Operation;
import dev.quipu.contracts.pricebook.PriceBook;
import dev.quipu.contracts.validation.ValidationError;
import dev.quipu.contracts.validation.ValidationErrorBody;
import dev.quipu.report.kyb.KybAssessment;
import dev.quipu.report.kyb.KybRules;
import dev.quipu.report.parts.PartUnavailable;
import dev.quipu.report.screening.ScreeningChecks;
import dev.quipu.runtime.OperationInput;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Header;
import io.micronaut.http.annotation.Post;
import io.micronaut.json.JsonMapper;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * {@code POST /compliance/report}: the KYB checks of the entity, an overall status by purpose
 * ({@link ComplianceRules}), a recommendation, the framework mapping of its country, the audit trail, and for a
 * periodic review what changed since the agent's previous report on the same entity. JSON, or one filed page with
 * {@code Accept: application/pdf}.
 */
@Controller
@ExecuteOn(TaskExecutors.BLOCKING)
public class ComplianceReportController {

    private final OperationInput input;
    private final KybAssessment kyb;
    private final PreviousReports previous;
    private final JsonMapper json;
    private final Clock clock;
    private final Operation operation;

    public ComplianceReportController(OperationInput input, KybAssessment kyb, PreviousReports previous, JsonMapper json,
                                      PriceBook priceBook) {
        this.input = input;
        this.kyb = kyb;
        this.previous = previous;
        this.json = json;
        this.clock = Clock.systemUTC();
        this.operation = priceBook.find("POST", "/compliance/report").orElseThrow();
    }

    @Post("/compliance/report")
    HttpResponse<?> report(@Nullable @Body byte[] body, @Nullable @Header(HttpHeaders.ACCEPT) String accept) {
        OperationInput.Checked checked = input.check(operation, body, Map.of());
        if (!checked.valid()) {
            return HttpResponse.unprocessableEntity().body(checked.errors());
        }
        Map<String, Object> f = checked.fields();
        String country = (String) f.get("country");
        if (!PriceBook.REGISTRY_COUNTRIES.contains(country)) {
            return HttpResponse.unprocessableEntity().body(ValidationErrorBody.of(ValidationError.body("country",
                    "Compliance reports rest on a company registry: country must be one of " + PriceBook.REGISTRY_COUNTRIES, "enum")));
        }
        String entityId = (String) f.get("entity_id");
        String purpose = (String) f.get("purpose");
        String agentId = f.get("agent_id") instanceof String s && !s.isBlank() ? s : null;
        KybAssessment.Outcome outcome;
        try {
            outcome = kyb.assess(country, entityId, List.of(), null);
        } catch (PartUnavailable e) {
            return e.answer();
        }
        if (outcome instanceof KybAssessment.Refused refused) {
            return HttpResponse.unprocessableEntity().body(refused.body()).contentType(MediaType.APPLICATION_JSON_TYPE);
        }
        KybAssessment.Assessed a = (KybAssessment.Assessed) outcome;
        String subject = country + ":" + (a.registry() == null ? entityId : taxId(a));
        Optional<PreviousReports.Previous> before = purpose.equals("periodic_review") && agentId != null
                ? previous.latest(agentId, subject) : Optional.empty();
        List<Changes.Change> changes = before.map(p -> Changes.between(ScreeningChecks.list(p.body().get("checks")), a.checks()))
                .orElse(List.of());
        String status = ComplianceRules.status(purpose, a.checks(), changes.stream().anyMatch(Changes.Change::worse));
        UUID reportId = UUID.randomUUID();
        String issuedAt = clock.instant().truncatedTo(ChronoUnit.SECONDS).toString();

        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("overall_status", status);
        answer.put("recommendation", ComplianceRules.recommendation(status, purpose));
        answer.put("purpose", purpose);
        answer.put("report_id", reportId.toString());
        answer.put("issued_at", issuedAt);
        answer.put("kyb_status", a.status());
        answer.put("entity", a.registry() == null ? null : a.registry().body());
        answer.put("checks", a.checks());
        answer.put("rules_version", ComplianceRules.VERSION + " (checks: " + KybRules.VERSION + ")");
        if (purpose.equals("periodic_review")) {
            Map<String, Object> review = new LinkedHashMap<>();
            review.put("previous_report_id", before.map(p -> p.reportId().toString()).orElse(null));
            review.put("previous_report_at", before.map(p -> p.createdAt().toString()).orElse(null));
            review.put("changes", changes);
            review.put("note", agentId == null ? "no agent_id given: earlier reports cannot be found"
                    : before.isEmpty() ? "no earlier report of this agent on this entity" : null);
            answer.put("changes_since_previous", review);
        }
        answer.put("compliance_framework", ComplianceFrameworks.of(country));
        answer.put("audit_trail", a.trail());
        answer.put("data_confidence", a.dataConfidence());
        byte[] jsonBytes = write(answer);
        previous.keep(reportId, agentId, subject, answer);
        if (accept != null && accept.contains("application/pdf")) {
            byte[] pdf = CompliancePdf.render(new CompliancePdf.Page(subjectLine(a, entityId, country), purpose, status,
                    ComplianceRules.recommendation(status, purpose), ComplianceRules.VERSION, a.checks(), a.trail(),
                    ComplianceFrameworks.of(country), sha256(jsonBytes), issuedAt));
            return HttpResponse.ok(pdf).contentType(MediaType.of("application/pdf")).header(DataVersions.HEADER, a.dataVersions());
        }
        return HttpResponse.ok(jsonBytes).contentType(MediaType.APPLICATION_JSON_TYPE).header(DataVersions.HEADER, a.dataVersions());
    }

    @SuppressWarnings("unchecked")
    private static String taxId(KybAssessment.Assessed a) {
        Map<String, Object> company = (Map<String, Object>) a.registry().body().get("company");
        return String.valueOf(((Map<String, Object>) company.get("tax_id")).get("normalised"));
    }

    private static String subjectLine(KybAssessment.Assessed a, String entityId, String country) {
        String name = a.registry() == null ? "(no registry record)" : String.valueOf(a.registry().body().get("razon_social"));
        return name + " | " + country + " " + entityId;
    }

    private byte[] write(Map<String, Object> answer) {
        try {
            return json.writeValueAsBytes(answer);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
