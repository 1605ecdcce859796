package dev.quipu.reputation.budget;

import dev.quipu.contracts.validation.RequestValidator;
import dev.quipu.runtime.ErrorBody;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Post;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

import java.sql.SQLException;
import java.time.Clock;

/**
 * The gateway's side of budgets (never routed publicly): reserve a call's price before the backend
 * runs, commit it on settlement, release it on failure.
 */
@Controller("/internal/budget")
@ExecuteOn(TaskExecutors.BLOCKING)
public class InternalBudgetController {

    private final BudgetStore store;
    private final Clock clock = Clock.systemUTC();

    public InternalBudgetController(BudgetStore store) {
        this.store = store;
    }

    @Serdeable(naming = SnakeCaseStrategy.class)
    public record ReserveRequest(String agentId, long amountAtomic, String reservationId) {
    }

    @Serdeable(naming = SnakeCaseStrategy.class)
    public record ReserveResponse(boolean reserved, String state, @Nullable String limitUsdc, @Nullable String remainingUsdc,
                                  @Nullable String resetsAt) {
    }

    @Serdeable(naming = SnakeCaseStrategy.class)
    public record Finish(String reservationId) {
    }

    @Serdeable(naming = SnakeCaseStrategy.class)
    public record FinishResponse(String reservationId, String state) {
    }

    @Post("/reserve")
    MutableHttpResponse<?> reserve(@Body ReserveRequest request) throws SQLException {
        if (!RequestValidator.isValidAgentId(request.agentId()) || request.amountAtomic() < 0
                || request.reservationId() == null || request.reservationId().isBlank() || request.reservationId().length() > 64) {
            return HttpResponse.unprocessableEntity().body(ErrorBody.of("invalid_request",
                    "agent_id, amount_atomic >= 0 and reservation_id (at most 64 characters) are required."));
        }
        BudgetStore.Reservation r = store.reserve(request.agentId(), request.amountAtomic(), request.reservationId(), clock.instant());
        BudgetStore.Budget b = r.budget();
        return HttpResponse.ok(new ReserveResponse(r.reserved(), r.state(),
                b == null ? null : BudgetController.usdc(b.limitAtomic()),
                b == null ? null : BudgetController.usdc(b.remainingAtomic()),
                b == null || b.resetsAt() == null ? null : b.resetsAt().toString()));
    }

    @Post("/commit")
    MutableHttpResponse<?> commit(@Body Finish request) throws SQLException {
        if (request.reservationId() == null || request.reservationId().isBlank()) {
            return missingReservation();
        }
        return store.commit(request.reservationId(), clock.instant())
                .<MutableHttpResponse<?>>map(s -> HttpResponse.ok(new FinishResponse(request.reservationId(), s)))
                .orElseGet(() -> HttpResponse.notFound(ErrorBody.of("not_found", "No reservation " + request.reservationId() + ".")));
    }

    @Post("/release")
    MutableHttpResponse<?> release(@Body Finish request) throws SQLException {
        if (request.reservationId() == null || request.reservationId().isBlank()) {
            return missingReservation();
        }
        return store.release(request.reservationId(), clock.instant())
                .<MutableHttpResponse<?>>map(s -> HttpResponse.ok(new FinishResponse(request.reservationId(), s)))
                .orElseGet(() -> HttpResponse.notFound(ErrorBody.of("not_found", "No reservation " + request.reservationId() + ".")));
    }

    private static MutableHttpResponse<?> missingReservation() {
        return HttpResponse.unprocessableEntity().body(ErrorBody.of("invalid_request", "reservation_id is required."));
    }
}
