package dev.quipu.gateway.routing;

import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.contracts.pricebook.Operation;
import dev.quipu.gateway.admission.Admission;
import dev.quipu.gateway.admission.CallAdmission;
import dev.quipu.gateway.admission.PaidCall;
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
 * The life of a validated paid call: admission (payment, trial), the backend, completion
 * (settlement and the call event), and the answer. Validation has already happened, so bad input
 * never costs anything.
 */
@Singleton
public class PaidCallHandler {

    private final CallAdmission admission;
    private final Backends backends;
    private final AgentIdentity identity;
    private final UuidV7 ids;
    private final Clock clock;

    public PaidCallHandler(CallAdmission admission, Backends backends, AgentIdentity identity, UuidV7 ids) {
        this.admission = admission;
        this.backends = backends;
        this.identity = identity;
        this.ids = ids;
        this.clock = Clock.systemUTC();
    }

    public MutableHttpResponse<?> handle(PaidCall call) {
        Admission verdict = admission.admit(call);
        if (verdict instanceof Admission.Refused refused) {
            return refused.response();
        }
        Admission.Admitted admitted = (Admission.Admitted) verdict;
        Operation op = call.operation();
        Backends.BackendAnswer answer = backends.forward(op.service(), op.method(), call.pathAndQuery(), call.body(),
                call.headers());
        String agentId = identity.resolve(call.fields(), call.header("X-Agent-Id"), admitted.payer(), call.clientIp());
        CallCompleted event = new CallCompleted(ids.next().toString(), Instant.now(clock).toString(), op.id(),
                op.method() + " " + op.path(), agentId, admitted.payer(), admitted.access(),
                op.priceUsdc().toPlainString(), answer.succeeded() ? admitted.chargedAtomic() : 0,
                admitted.paymentRef(), answer.status(), answer.latencyMs(), text(call.body()), text(answer.body()),
                Map.of());
        CallAdmission.Completion completion = admission.complete(call, admitted, answer, event);
        if (completion.replacement() != null) {
            return completion.replacement();
        }
        MutableHttpResponse<?> response = relay(answer);
        completion.headers().forEach(response::header);
        return response;
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
