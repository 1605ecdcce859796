package dev.quipu.gateway.budget;

import dev.quipu.contracts.events.Topics;
import dev.quipu.contracts.pricebook.Service;
import dev.quipu.gateway.routing.Backends;
import dev.quipu.runtime.ErrorBody;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.json.JsonMapper;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Holds a paid call's price against its agent's spending cap (reputation-service) before the
 * backend runs, and commits or releases it when the call ends. Free and trial calls reserve nothing,
 * and neither do agents the {@link BudgetDirectory} knows to have no cap (most agents): their paid
 * calls skip the round trip to reputation-service.
 */
@Singleton
public class BudgetGuard {

    public static final String EXHAUSTED_HEADER = "X-Budget-Exhausted";
    private static final Logger LOG = LoggerFactory.getLogger(BudgetGuard.class);
    private static final Map<String, String> JSON = Map.of("Content-Type", "application/json");

    /** Retry-After of the 503 answered while a cap cannot be checked. */
    private static final String RETRY_SECONDS = "5";

    private final Backends backends;
    private final JsonMapper json;
    private final BudgetConfig config;
    private final BudgetDirectory directory;

    public BudgetGuard(Backends backends, JsonMapper json, BudgetConfig config, BudgetDirectory directory) {
        this.backends = backends;
        this.json = json;
        this.config = config;
        this.directory = directory;
    }

    /** A call's hold on its budget: a reservation to finish, or a refusal to answer with. */
    public record Hold(@Nullable String reservationId, @Nullable MutableHttpResponse<?> refusal) {
        static final Hold NONE = new Hold(null, null);
    }

    @Serdeable(naming = SnakeCaseStrategy.class)
    record Reserve(String agentId, long amountAtomic, String reservationId) {
    }

    @Serdeable(naming = SnakeCaseStrategy.class)
    record Reserved(boolean reserved, String state, @Nullable String limitUsdc, @Nullable String remainingUsdc,
                    @Nullable String resetsAt) {
    }

    @Serdeable(naming = SnakeCaseStrategy.class)
    record Finish(String reservationId) {
    }

    public Hold reserve(String agentId, long amountAtomic, String reservationId) {
        if (amountAtomic <= 0 || directory.knownUncapped(agentId)) {
            return Hold.NONE;
        }
        Reserved answer = ask(new Reserve(agentId, amountAtomic, reservationId));
        if (answer == null) {
            if (config.failOpen()) {
                LOG.warn("budget of {} could not be checked; the call runs (fail-open)", agentId);
                return Hold.NONE;
            }
            // a capped agent, or any agent before the directory caught up: the cap may not be skipped
            return new Hold(null, HttpResponse.status(HttpStatus.SERVICE_UNAVAILABLE)
                    .header(HttpHeaders.RETRY_AFTER, RETRY_SECONDS).header("Cache-Control", "no-store")
                    .body(ErrorBody.of("budget_unavailable", "The spending cap of agent " + agentId
                            + " could not be checked right now; nothing was charged. Retry shortly.")));
        }
        if (!"unlimited".equals(answer.state())) {
            directory.capped(agentId); // in case the topic has not told this instance yet
        }
        if (answer.reserved()) {
            return new Hold("held".equals(answer.state()) ? reservationId : null, null);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", "budget_exhausted");
        body.put("reason", "budget_exhausted");
        body.put("message", "The spending cap of agent " + agentId + " does not cover this call; nothing was charged.");
        body.put("hint", "GET /budget/" + agentId + " shows the cap; an operator or the agent's wallet can raise it with POST /budget.");
        body.put("limit_usdc", answer.limitUsdc());
        body.put("remaining_usdc", answer.remainingUsdc());
        body.put("resets_at", answer.resetsAt());
        return new Hold(null, HttpResponse.status(HttpStatus.PAYMENT_REQUIRED).header(EXHAUSTED_HEADER, "true")
                .header("Cache-Control", "no-store").body(body));
    }

    @Serdeable(naming = SnakeCaseStrategy.class)
    record CapSet(@Nullable String agentId) {
    }

    /**
     * A {@code POST /budget} this instance routed was answered: when it succeeded, the agent is capped
     * in the directory before the answer goes back, so this instance's next call of that agent
     * reserves even if {@code quipu.budgets.v1} has not delivered the change yet.
     */
    public void capSetThrough(Backends.BackendAnswer answer, @Nullable byte[] requestBody) {
        if (!answer.succeeded()) {
            return;
        }
        String agentId = agentIdOf(answer.body());
        if (agentId == null) {
            agentId = agentIdOf(requestBody);
        }
        if (agentId == null) {
            LOG.warn("a budget was set but its agent_id could not be read; its calls reserve once {} tells",
                    Topics.BUDGETS);
            return;
        }
        directory.capped(agentId);
    }

    private String agentIdOf(@Nullable byte[] body) {
        if (body == null || body.length == 0) {
            return null;
        }
        try {
            return json.readValue(body, CapSet.class).agentId();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Commits the hold when the call was settled, releases it otherwise. */
    public void finish(Hold hold, boolean settled) {
        if (hold.reservationId() == null) {
            return;
        }
        String path = settled ? "/internal/budget/commit" : "/internal/budget/release";
        for (int attempt = 1; attempt <= 3; attempt++) {
            Backends.BackendAnswer answer = backends.forward(Service.REPUTATION, "POST", path,
                    write(new Finish(hold.reservationId())), JSON);
            if (answer.succeeded()) {
                return;
            }
        }
        // the reservation expires on its own after the reservation TTL of reputation-service
        LOG.error("budget reservation {} could not be {}", hold.reservationId(), settled ? "committed" : "released");
    }

    private Reserved ask(Reserve request) {
        Backends.BackendAnswer answer = backends.forward(Service.REPUTATION, "POST", "/internal/budget/reserve",
                write(request), JSON);
        if (!answer.succeeded() || answer.body() == null) {
            LOG.warn("reputation-service budget reservation failed: {}", answer.reached() ? "HTTP " + answer.status() : answer.failure());
            return null;
        }
        try {
            Reserved reserved = json.readValue(answer.body(), Reserved.class);
            return reserved.state() == null ? null : reserved;
        } catch (IOException | RuntimeException e) {
            LOG.warn("reputation-service answered an unreadable reservation: {}", e.getMessage());
            return null;
        }
    }

    private byte[] write(Object value) {
        try {
            return json.writeValueAsBytes(value);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
