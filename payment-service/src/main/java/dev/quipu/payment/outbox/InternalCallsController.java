package dev.quipu.payment.outbox;

import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.contracts.validation.ValidationError;
import dev.quipu.contracts.validation.ValidationErrorBody;
import dev.quipu.payment.admission.InternalInput;
import dev.quipu.runtime.ErrorBody;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Post;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;

import io.micronaut.jdbc.DataSourceResolver;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;

/**
 * Internal (never routed by the gateway): takes a completed call that involved no settlement
 * (trial or unmetered) and makes it durable in the outbox. Idempotent on event id.
 */
@Controller("/internal/calls")
@ExecuteOn(TaskExecutors.BLOCKING)
public class InternalCallsController {

    private final DataSource dataSource;
    private final CallOutbox outbox;
    private final OutboxRelay relay;

    public InternalCallsController(DataSource dataSource, DataSourceResolver resolver, CallOutbox outbox,
                                   OutboxRelay relay) {
        // plain pooled connections: these classes manage their own transactions
        this.dataSource = resolver.resolve(dataSource);
        this.outbox = outbox;
        this.relay = relay;
    }

    @Post
    HttpResponse<?> record(@Body CallCompleted call) {
        List<ValidationError> problems = InternalInput.event("", call);
        if (!problems.isEmpty()) {
            return HttpResponse.unprocessableEntity().body(new ValidationErrorBody(problems));
        }
        if ("paid".equals(call.access())) {
            // a paid call's event is written only with its settlement (POST /internal/payments/complete)
            return HttpResponse.unprocessableEntity().body(ErrorBody.of("paid_event_refused",
                    "/internal/calls records trial and open calls only; a paid call is recorded with its settlement"));
        }
        try (Connection c = dataSource.getConnection()) {
            boolean added = outbox.append(c, call);
            if (added) {
                relay.wake();
            }
            return HttpResponse.accepted().body(Map.of("event_id", call.eventId(), "new", added));
        } catch (SQLException e) {
            return HttpResponse.serverError(ErrorBody.of("outbox_unavailable", "The call could not be recorded; retry."));
        }
    }
}
