package dev.quipu.gateway.routing;

import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.contracts.pricebook.Operation;
import dev.quipu.gateway.admission.Admission;
import dev.quipu.gateway.admission.CallAdmission;
import dev.quipu.gateway.admission.PaidCall;
import dev.quipu.gateway.audit.AuditLinks;
import dev.quipu.gateway.audit.AuditStamp;
import dev.quipu.gateway.budget.BudgetGuard;
import dev.quipu.runtime.ErrorBody;
import dev.quipu.runtime.UuidV7;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MutableHttpResponse;
import jakarta.inject.Singleton;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;

/**
 * The life of a validated paid call: admission (payment, trial), the agent's budget, the backend,
 * completion (settlement and the call event), and the answer with its audit link. Validation has already happened, so bad input
 * never costs anything.
 */
@Singleton
public class PaidCallHandler {

    private final CallAdmission admission;
    private final Backends backends;
    private final AgentIdentity identity;
    private final UuidV7 ids;
    private final BudgetGuard budgets;
    private final AuditLinks auditLinks;
    private final AuditStamp auditStamp;
    private final Clock clock;

    public PaidCallHandler(CallAdmission admission, Backends backends, AgentIdentity identity, UuidV7 ids,
                           BudgetGuard budgets, AuditLinks auditLinks, AuditStamp auditStamp) {
        this.admission = admission;
        this.backends = backends;
        this.identity = identity;
        this.ids = ids;
        this.budgets = budgets;
        this.auditLinks = auditLinks;
        this.auditStamp = auditStamp;
        this.clock = Clock.systemUTC();
    }

    public MutableHttpResponse<?> handle(PaidCall call) {
        Admission verdict = admission.admit(call);
        if (verdict instanceof Admission.Refused refused) {
            return refused.response();
        }
        Admission.Admitted admitted = (Admission.Admitted) verdict;
        Operation op = call.operation();
        String agentId = identity.resolve(call.fields(), call.header("X-Agent-Id"), admitted.payer(), call.clientIp());
        String eventId = ids.next().toString();
        BudgetGuard.Hold budget = budgets.reserve(agentId, admitted.chargedAtomic(), eventId);
        if (budget.refusal() != null) {
            return refusedByBudget(call, admitted, agentId, eventId, budget);
        }
        AuditLinks.Expected link = auditLinks.expect(eventId);
        Backends.BackendAnswer answer = backends.forward(op.service(), op.method(), call.pathAndQuery(), call.body(),
                call.headers());
        CallCompleted event = event(eventId, call, admitted, agentId, answer);
        CallAdmission.Completion completion = admission.complete(call, admitted, answer, event);
        budgets.finish(budget, completion.replacement() == null && answer.succeeded());
        if (completion.replacement() != null) {
            link.cancel();
            return completion.replacement();
        }
        MutableHttpResponse<?> response = relay(answer.succeeded() && auditLinks.active() ? stamped(answer, link, agentId) : answer);
        completion.headers().forEach(response::header);
        return response;
    }

    /** The answer with {@code audit_hash} and {@code aat} of its own link, waited for within the configured bound. */
    private Backends.BackendAnswer stamped(Backends.BackendAnswer answer, AuditLinks.Expected link, String agentId) {
        byte[] body = auditStamp.stamp(answer.body(), link.await(), link.eventId(), agentId);
        return new Backends.BackendAnswer(answer.status(), answer.contentType(), body, answer.latencyMs(), answer.failure(),
                answer.dataVersions());
    }

    /**
     * The budget does not cover the call (402), or cannot be checked (503): the admission is released
     * as for a backend that never ran.
     */
    private MutableHttpResponse<?> refusedByBudget(PaidCall call, Admission.Admitted admitted, String agentId,
                                                   String eventId, BudgetGuard.Hold budget) {
        int status = budget.refusal().getStatus().getCode();
        Backends.BackendAnswer notRun = new Backends.BackendAnswer(status, "application/json", null, 0,
                status == 503 ? "budget_unavailable" : "budget_exhausted");
        admission.complete(call, admitted, notRun, event(eventId, call, admitted, agentId, notRun));
        return budget.refusal();
    }

    private CallCompleted event(String eventId, PaidCall call, Admission.Admitted admitted, String agentId,
                                Backends.BackendAnswer answer) {
        Operation op = call.operation();
        // the one canonical form (microseconds, six digits): the audit chain hashes this text and
        // PostgreSQL keeps microseconds, so a finer stamp could never be verified against its stored copy
        return new CallCompleted(eventId, CallCompleted.canonicalInstant(Instant.now(clock)), op.id(),
                op.method() + " " + op.path(), agentId, admitted.payer(), admitted.access(),
                op.priceUsdc().toPlainString(), answer.succeeded() ? admitted.chargedAtomic() : 0,
                admitted.paymentRef(), answer.status(), answer.latencyMs(), text(call.body()), text(answer.body()),
                answer.dataVersions());
    }

    /** The backend's answer as the caller receives it; an unreachable backend is a 502 with a JSON body. */
    public static MutableHttpResponse<?> relay(Backends.BackendAnswer answer) {
        if (!answer.reached()) {
            return HttpResponse.status(HttpStatus.BAD_GATEWAY).body(ErrorBody.of("backend_unavailable",
                    "The service behind this operation could not be reached; nothing was charged."));
        }
        MutableHttpResponse<byte[]> response = HttpResponse.status(HttpStatus.valueOf(answer.status()));
        if (answer.body() != null && answer.body().length > 0) {
            response.contentType(answer.contentType()).body(answer.body());
        }
        return response;
    }

    private static String text(byte[] body) {
        return body == null || body.length == 0 ? null : new String(body, StandardCharsets.UTF_8);
    }
}
