package dev.quipu.payment.admission;

import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Post;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;

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
    Decision admit(@Body AdmitRequest request) {
        return admission.admit(request);
    }

    @Post("/complete")
    Decision complete(@Body CompleteRequest request) {
        return admission.complete(request);
    }

    /** Mode and facilitator circuits, as {@code /health} shows them. */
    @Get("/status")
    HttpResponse<Map<String, Object>> status() {
        return HttpResponse.ok(admission.settlement().health());
    }
}
