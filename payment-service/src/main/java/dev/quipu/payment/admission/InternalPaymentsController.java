package dev.quipu.payment.admission;

import dev.quipu.contracts.validation.ValidationError;
import dev.quipu.contracts.validation.ValidationErrorBody;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Post;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;

import java.util.List;
import java.util.Map;

/**
 * Internal (never routed by the gateway): the gateway's paywall asks here whether a paid call may
 * run and reports back once its backend answered. See docs/payments.md for the contract.
 */
@Controller("/internal/payments")
@ExecuteOn(TaskExecutors.BLOCKING)
public class InternalPaymentsController {

    private final PaymentAdmission admission;

    public InternalPaymentsController(PaymentAdmission admission) {
        this.admission = admission;
    }

    @Post("/admit")
    HttpResponse<?> admit(@Body AdmitRequest request) {
        List<ValidationError> problems = InternalInput.admit(request);
        return problems.isEmpty() ? HttpResponse.ok(admission.admit(request))
                : HttpResponse.unprocessableEntity().body(new ValidationErrorBody(problems));
    }

    @Post("/complete")
    HttpResponse<?> complete(@Body CompleteRequest request) {
        List<ValidationError> problems = InternalInput.complete(request);
        return problems.isEmpty() ? HttpResponse.ok(admission.complete(request))
                : HttpResponse.unprocessableEntity().body(new ValidationErrorBody(problems));
    }

    /** Mode and facilitator circuits, as {@code /health} shows them. */
    @Get("/status")
    HttpResponse<Map<String, Object>> status() {
        return HttpResponse.ok(admission.settlement().health());
    }
}
