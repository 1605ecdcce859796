package dev.quipu.gateway.budget;

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
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Holds a paid call's price against its agent's spending cap (reputation-service) before the
 * backend runs, and commits or releases it when the call ends. Free and trial calls reserve nothing.
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
    private final Clock clock;
    private final UncappedAgents uncapped;

    @Inject
    public BudgetGuard(Backends backends, JsonMapper json, BudgetConfig config) {
        this(backends, json, config, Clock.systemUTC());
    }

    BudgetGuard(Backends backends, JsonMapper json, BudgetConfig config, Clock clock) {
        this.backends = backends;
        this.json = json;
        this.config = config;
        this.clock = clock;
        this.uncapped = new UncappedAgents(config.uncappedMemory(), 100_000);
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
        if (amountAtomic <= 0) {
            return Hold.NONE;
        }
        Reserved answer = ask(new Reserve(agentId, amountAtomic, reservationId));
        if (answer == null) {
            if (config.failOpen()) {
                LOG.warn("budget of {} could not be checked; the call runs (fail-open)", agentId);
                return Hold.NONE;
            }
            if (uncapped.knownUncapped(agentId, clock.instant())) {
                LOG.warn("budget of {} could not be checked; the call runs (the agent had no cap {} ago at most)",
                        agentId, config.uncappedMemory());
                return Hold.NONE;
            }
            return new Hold(null, HttpResponse.status(HttpStatus.SERVICE_UNAVAILABLE)
                    .header(HttpHeaders.RETRY_AFTER, RETRY_SECONDS).header("Cache-Control", "no-store")
                    .body(ErrorBody.of("budget_unavailable", "The spending cap of agent " + agentId
                            + " could not be checked right now; nothing was charged. Retry shortly.")));
        }
        if ("unlimited".equals(answer.state())) {
            uncapped.uncapped(agentId, clock.instant());
        } else {
            uncapped.capped(agentId);
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
