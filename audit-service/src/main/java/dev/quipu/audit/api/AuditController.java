package dev.quipu.audit.api;

import dev.quipu.audit.chain.ChainStore;
import dev.quipu.audit.chain.ChainVerifier;
import dev.quipu.audit.chain.ExportLine;
import dev.quipu.contracts.pricebook.PriceBook;
import dev.quipu.contracts.validation.RequestValidator;
import dev.quipu.contracts.validation.ValidationError;
import dev.quipu.contracts.validation.ValidationErrorBody;
import dev.quipu.runtime.ErrorBody;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.QueryValue;
import io.micronaut.json.JsonMapper;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** The free audit endpoints: an agent's chain, one audited call, verification and export. */
@Controller("/audit/{agent_id}")
@ExecuteOn(TaskExecutors.BLOCKING)
public class AuditController {

    static final int MAX_PAGE = 1000;

    private final ChainStore store;
    private final JsonMapper json;
    private final ChainVerifier.ProofPolicy proofs;

    public AuditController(ChainStore store, JsonMapper json, ChainVerifier.ProofPolicy proofs) {
        this.store = store;
        this.json = json;
        this.proofs = proofs;
    }

    @Serdeable(naming = SnakeCaseStrategy.class)
    public record ChainPage(String agentId, @Nullable ChainHead head, List<LinkView> links, @Nullable Long nextFrom) {
    }

    @Serdeable(naming = SnakeCaseStrategy.class)
    public record ChainHead(long sequence, String chainHash) {
    }

    @Get
    MutableHttpResponse<?> chain(@PathVariable("agent_id") String agentId, @Nullable @QueryValue String from,
                                 @Nullable @QueryValue String limit) throws SQLException {
        List<ValidationError> errors = new ArrayList<>(agentIdErrors(agentId));
        long first = integer(from, 1, 1, Long.MAX_VALUE, "from", errors);
        long size = integer(limit, 100, 1, MAX_PAGE, "limit", errors);
        if (!errors.isEmpty()) {
            return HttpResponse.unprocessableEntity().body(new ValidationErrorBody(errors));
        }
        List<ChainStore.StoredLink> page = store.page(agentId, first, (int) size + 1);
        Long next = page.size() > size ? page.get((int) size).link().sequence() : null;
        List<LinkView> links = page.stream().limit(size).map(LinkView::of).toList();
        ChainHead head = store.head(agentId).map(h -> new ChainHead(h.sequence(), h.chainHash())).orElse(null);
        return HttpResponse.ok(new ChainPage(agentId, head, links, next));
    }

    @Get("/events/{event_id}")
    MutableHttpResponse<?> event(@PathVariable("agent_id") String agentId, @PathVariable("event_id") String eventId)
            throws SQLException, IOException {
        List<ValidationError> errors = new ArrayList<>(agentIdErrors(agentId));
        UUID id = null;
        try {
            id = UUID.fromString(eventId);
        } catch (IllegalArgumentException e) {
            errors.add(new ValidationError(List.of("path", "event_id"), "Input should be a valid UUID", "uuid_parsing"));
        }
        if (!errors.isEmpty()) {
            return HttpResponse.unprocessableEntity().body(new ValidationErrorBody(errors));
        }
        var stored = store.byEvent(agentId, id);
        if (stored.isEmpty()) {
            return HttpResponse.notFound(new ErrorBody("not_found", "No audited call " + eventId + " for agent " + agentId + ".",
                    "A call's link appears within seconds of the answer; an event id from a pending aat may not be linked yet."));
        }
        Object event = json.readValue(stored.get().payload(), Object.class);
        return HttpResponse.ok(Map.of("link", LinkView.of(stored.get()), "event", event));
    }

    @Get("/verify")
    MutableHttpResponse<?> verify(@PathVariable("agent_id") String agentId) throws SQLException {
        List<ValidationError> errors = agentIdErrors(agentId);
        if (!errors.isEmpty()) {
            return HttpResponse.unprocessableEntity().body(new ValidationErrorBody(errors));
        }
        return HttpResponse.ok(ChainVerifier.verify(agentId, store.entries(agentId), store.head(agentId).orElse(null), proofs));
    }

    @Get("/export")
    MutableHttpResponse<?> export(@PathVariable("agent_id") String agentId) throws SQLException, IOException {
        List<ValidationError> errors = agentIdErrors(agentId);
        if (!errors.isEmpty()) {
            return HttpResponse.unprocessableEntity().body(new ValidationErrorBody(errors));
        }
        StringBuilder lines = new StringBuilder();
        for (ChainVerifier.Entry e : store.entries(agentId)) {
            lines.append(json.writeValueAsString(ExportLine.of(e.link(), e.event(), e.linkedAt()))).append('\n');
        }
        return HttpResponse.ok(lines.toString().getBytes(StandardCharsets.UTF_8))
                .contentType("application/x-ndjson")
                .header("Content-Disposition", "attachment; filename=\"audit-" + agentId + ".jsonl\"");
    }

    static List<ValidationError> agentIdErrors(String agentId) {
        return RequestValidator.isValidAgentId(agentId) ? List.of() : List.of(new ValidationError(List.of("path", "agent_id"),
                "String should match pattern '" + PriceBook.AGENT_ID_PATTERN + "'", "string_pattern_mismatch"));
    }

    private static long integer(String raw, long fallback, long min, long max, String name, List<ValidationError> errors) {
        if (raw == null) {
            return fallback;
        }
        try {
            long value = Long.parseLong(raw);
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        errors.add(new ValidationError(List.of("query", name), "Input should be an integer between " + min + " and " + max,
                "int_parsing"));
        return fallback;
    }
}
