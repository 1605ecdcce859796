package dev.quipu.reputation.budget;

import dev.quipu.contracts.pricebook.PriceBook;
import dev.quipu.contracts.validation.RequestValidator;
import dev.quipu.contracts.validation.ValidationError;
import dev.quipu.contracts.validation.ValidationErrorBody;
import dev.quipu.runtime.ErrorBody;
import dev.quipu.runtime.JsonRequests;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MutableHttpResponse;
import dev.quipu.internalauth.CallerIdentity;
import dev.quipu.internalauth.SuiteKeys;
import io.micronaut.http.annotation.Body;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Post;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code POST /budget} (operators, or the agent's own wallet) and {@code GET /budget/{agent_id}}.
 * Amounts are USDC decimal strings outside and atomic units (6 decimals) inside.
 */
@Controller("/budget")
@ExecuteOn(TaskExecutors.BLOCKING)
public class BudgetController {

    private static final Logger LOG = LoggerFactory.getLogger(BudgetController.class);
    private static final String DECIMAL = "\\d{1,12}(\\.\\d{1,6})?";
    private static final String ADDRESS = "0x[0-9a-fA-F]{40}";

    private final BudgetStore store;
    private final BudgetConfig config;
    private final JsonRequests json;
    private final ReplayGuard replays;
    private final BudgetPublisher publisher;
    private final Clock clock = Clock.systemUTC();

    public BudgetController(BudgetStore store, BudgetConfig config, JsonRequests json, ReplayGuard replays,
                            BudgetPublisher publisher) {
        this.store = store;
        this.publisher = publisher;
        this.config = config;
        this.json = json;
        this.replays = replays;
        if ("dev-operator-token".equals(config.operatorToken())) {
            LOG.warn("QUIPU_OPERATOR_TOKEN is not set: the development operator token is in use");
        }
    }

    @Serdeable(naming = SnakeCaseStrategy.class)
    public record BudgetView(String agentId, boolean capped, @Nullable String limitUsdc, @Nullable String period,
                             String spentUsdc, String reservedUsdc, @Nullable String remainingUsdc,
                             @Nullable String periodStart, @Nullable String resetsAt, @Nullable String setBy) {

        static BudgetView of(BudgetStore.Budget b) {
            return new BudgetView(b.agentId(), true, usdc(b.limitAtomic()), b.period().label(), usdc(b.spentAtomic()),
                    usdc(b.reservedAtomic()), usdc(b.remainingAtomic()), b.periodStart().toString(),
                    b.resetsAt() == null ? null : b.resetsAt().toString(), b.setBy());
        }

        static BudgetView none(String agentId) {
            return new BudgetView(agentId, false, null, null, "0", "0", null, null, null, null);
        }
    }

    @Get("/{agent_id}")
    MutableHttpResponse<?> status(@PathVariable("agent_id") String agentId) throws SQLException {
        if (!RequestValidator.isValidAgentId(agentId)) {
            return HttpResponse.unprocessableEntity().body(ValidationErrorBody.of(agentIdError(List.of("path", "agent_id"))));
        }
        return HttpResponse.ok(store.find(agentId, clock.instant()).map(BudgetView::of).orElse(BudgetView.none(agentId)));
    }

    @Post
    MutableHttpResponse<?> set(@Nullable @Body byte[] body,
                               HttpHeaders headers, @Nullable Authentication caller) throws SQLException {
        String authorization = headers.get(CallerIdentity.CALLER_AUTHORIZATION);
        Object parsed;
        try {
            parsed = json.parse(body);
        } catch (JsonRequests.MalformedJson e) {
            return HttpResponse.unprocessableEntity().body(e.toBody());
        }
        if (!(parsed instanceof Map<?, ?> fields)) {
            return HttpResponse.unprocessableEntity().body(ValidationErrorBody.of(new ValidationError(List.of("body"),
                    "Input should be a valid dictionary", "dict_type")));
        }
        List<ValidationError> errors = new ArrayList<>();
        String agentId = string(fields, "agent_id", errors);
        String limit = string(fields, "limit_usdc", errors);
        String periodText = string(fields, "period", errors);
        if (agentId != null && !RequestValidator.isValidAgentId(agentId)) {
            errors.add(agentIdError(List.of("body", "agent_id")));
        }
        if (limit != null && !limit.matches(DECIMAL)) {
            errors.add(new ValidationError(List.of("body", "limit_usdc"),
                    "limit_usdc must be a decimal string of USDC with at most 6 decimals, e.g. \"25.00\"", "decimal_parsing"));
        }
        Optional<Period> period = periodText == null ? Optional.empty() : Period.parse(periodText);
        if (periodText != null && period.isEmpty()) {
            errors.add(new ValidationError(List.of("body", "period"), "Input should be 'daily', 'weekly', 'monthly' or 'total'",
                    "enum"));
        }
        if (!errors.isEmpty()) {
            return HttpResponse.unprocessableEntity().body(new ValidationErrorBody(errors));
        }
        Instant now = clock.instant();
        // the suite's operator calling directly (./quipu internal-header) is an operator; through the gateway
        // an operator shows QUIPU_OPERATOR_TOKEN, which the gateway passes on as CALLER_AUTHORIZATION
        Authorisation auth = caller != null && SuiteKeys.OPERATOR.equals(caller.getName())
                ? new Authorisation("operator", null)
                : authorise(authorization, fields, agentId, limit, periodText, now);
        if (auth.refusal() != null) {
            return auth.refusal();
        }
        long atomic = new BigDecimal(limit).movePointRight(6).longValueExact();
        BudgetView view = BudgetView.of(store.set(agentId, atomic, period.get(), auth.by(), now));
        // answer once the change is on quipu.budgets.v1, so that every gateway soon reserves for the agent;
        // the cap is committed either way and BudgetPublisher retries what the broker did not take
        try {
            publisher.publishPending();
        } catch (SQLException | IOException | RuntimeException e) {
            LOG.warn("the cap of {} is set but not published yet (retried): {}", agentId, e.getMessage());
        }
        return HttpResponse.ok(view);
    }

    private record Authorisation(@Nullable String by, @Nullable MutableHttpResponse<?> refusal) {
    }

    private Authorisation authorise(String authorization, Map<?, ?> fields, String agentId, String limit, String period,
                                    Instant now) throws SQLException {
        if (authorization != null) {
            String token = authorization.startsWith("Bearer ") ? authorization.substring(7).trim() : "";
            if (MessageDigest.isEqual(token.getBytes(StandardCharsets.UTF_8),
                    config.operatorToken().getBytes(StandardCharsets.UTF_8))) {
                return new Authorisation("operator", null);
            }
            return refuse(HttpStatus.FORBIDDEN, "forbidden", "The bearer token is not an operator token.");
        }
        Object signature = fields.get("signature");
        Object timestamp = fields.get("timestamp");
        if (signature == null && timestamp == null) {
            return refuse(HttpStatus.UNAUTHORIZED, "unauthorized", "Setting a budget needs an operator token "
                    + "(Authorization: Bearer) or a signature of the agent's own wallet (signature and timestamp).");
        }
        if (!(signature instanceof String sig) || !(timestamp instanceof String ts)) {
            return refuse(HttpStatus.UNAUTHORIZED, "unauthorized", "signature and timestamp must both be strings.");
        }
        if (!agentId.matches(ADDRESS)) {
            return refuse(HttpStatus.FORBIDDEN, "forbidden", "Only an agent whose id is its wallet address (0x + 40 hex) "
                    + "can sign its own budget; other agents need an operator.");
        }
        Instant signedAt;
        try {
            signedAt = Instant.parse(ts);
        } catch (RuntimeException e) {
            return refuse(HttpStatus.UNAUTHORIZED, "unauthorized", "timestamp must be an ISO-8601 instant, e.g. 2025-01-15T14:30:00Z.");
        }
        if (Duration.between(signedAt, now).abs().compareTo(config.signatureWindow()) > 0) {
            return refuse(HttpStatus.UNAUTHORIZED, "signature_expired", "The signed timestamp is more than "
                    + config.signatureWindow().toSeconds() + " s from the server's time.");
        }
        String message = WalletSignatures.message(agentId, limit, period, ts);
        Optional<String> signer = WalletSignatures.signer(message, sig);
        if (signer.isEmpty() || !signer.get().equalsIgnoreCase(agentId)) {
            return refuse(HttpStatus.FORBIDDEN, "forbidden", "The signature is not by the wallet " + agentId + ".");
        }
        if (!replays.firstUse(sig, agentId)) {
            return refuse(HttpStatus.FORBIDDEN, "signature_replayed", "This signed request was already used.");
        }
        return new Authorisation("wallet:" + signer.get(), null);
    }

    private static Authorisation refuse(HttpStatus status, String code, String message) {
        MutableHttpResponse<?> response = HttpResponse.status(status).body(ErrorBody.of(code, message));
        if (status == HttpStatus.UNAUTHORIZED) {
            response.header("WWW-Authenticate", "Bearer");
        }
        return new Authorisation(null, response);
    }

    private static String string(Map<?, ?> fields, String name, List<ValidationError> errors) {
        Object value = fields.get(name);
        if (value == null) {
            errors.add(new ValidationError(List.of("body", name), "Field required", "missing"));
            return null;
        }
        if (!(value instanceof String s)) {
            errors.add(new ValidationError(List.of("body", name), "Input should be a valid string", "string_type"));
            return null;
        }
        return s;
    }

    private static ValidationError agentIdError(List<Object> loc) {
        return new ValidationError(loc, "String should match pattern '" + PriceBook.AGENT_ID_PATTERN + "'",
                "string_pattern_mismatch");
    }

    static String usdc(long atomic) {
        return BigDecimal.valueOf(atomic, 6).stripTrailingZeros().toPlainString();
    }
}
