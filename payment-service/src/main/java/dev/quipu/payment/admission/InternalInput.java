package dev.quipu.payment.admission;

import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.contracts.validation.RequestValidator;
import dev.quipu.contracts.validation.ValidationError;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The required fields of the gateway's internal requests. A request that lacks one is answered 422
 * with the spec's body naming each field, as a public route would, instead of failing deep inside
 * (a 500) and leaving nothing behind to explain it.
 */
public final class InternalInput {

    private static final Set<String> ACCESS = Set.of("paid", "trial", "open");

    private InternalInput() {
    }

    public static List<ValidationError> admit(AdmitRequest request) {
        List<ValidationError> problems = new ArrayList<>();
        required(problems, "operation_id", request.operationId());
        required(problems, "resource_url", request.resourceUrl());
        required(problems, "client_ip", request.clientIp());
        required(problems, "request_hash", request.requestHash());
        return problems;
    }

    public static List<ValidationError> complete(CompleteRequest request) {
        List<ValidationError> problems = new ArrayList<>();
        required(problems, "ticket", request.ticket());
        if (request.event() == null) {
            problems.add(ValidationError.body("event", "Field required", "missing"));
        } else {
            problems.addAll(event("event.", request.event()));
        }
        return problems;
    }

    /** The fields every call event needs before it can be hashed into a chain or counted. */
    public static List<ValidationError> event(String prefix, CallCompleted event) {
        List<ValidationError> problems = new ArrayList<>();
        required(problems, prefix + "event_id", event.eventId());
        required(problems, prefix + "operation_id", event.operationId());
        required(problems, prefix + "route", event.route());
        required(problems, prefix + "price_usdc", event.priceUsdc());
        if (event.occurredAt() == null) {
            problems.add(ValidationError.body(prefix + "occurred_at", "Field required", "missing"));
        } else {
            try {
                Instant.parse(event.occurredAt());
            } catch (DateTimeParseException e) {
                problems.add(ValidationError.body(prefix + "occurred_at", "Input should be an ISO-8601 instant", "datetime_parsing"));
            }
        }
        if (event.agentId() == null) {
            problems.add(ValidationError.body(prefix + "agent_id", "Field required", "missing"));
        } else if (!RequestValidator.isValidAgentId(event.agentId())) {
            problems.add(ValidationError.body(prefix + "agent_id", "agent_id has an invalid syntax", "string_pattern_mismatch"));
        }
        if (event.access() == null) {
            problems.add(ValidationError.body(prefix + "access", "Field required", "missing"));
        } else if (!ACCESS.contains(event.access())) {
            problems.add(ValidationError.body(prefix + "access", "Input should be 'paid', 'trial' or 'open'", "enum"));
        }
        return problems;
    }

    private static void required(List<ValidationError> problems, String field, String value) {
        if (value == null || value.isBlank()) {
            problems.add(ValidationError.body(field, "Field required", "missing"));
        }
    }
}
