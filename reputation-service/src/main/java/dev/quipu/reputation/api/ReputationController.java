package dev.quipu.reputation.api;

import dev.quipu.contracts.pricebook.PriceBook;
import dev.quipu.contracts.validation.RequestValidator;
import dev.quipu.contracts.validation.ValidationError;
import dev.quipu.contracts.validation.ValidationErrorBody;
import dev.quipu.reputation.stats.AgentRecord;
import dev.quipu.reputation.stats.StatsStore;
import dev.quipu.reputation.tiers.Tier;
import dev.quipu.reputation.tiers.TierPolicy;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** {@code GET /reputation} (tier definitions) and {@code GET /reputation/{agent_id}} (an agent's standing). */
@Controller("/reputation")
@ExecuteOn(TaskExecutors.BLOCKING)
public class ReputationController {

    private final StatsStore stats;
    private final Clock clock = Clock.systemUTC();

    public ReputationController(StatsStore stats) {
        this.stats = stats;
    }

    @Serdeable(naming = SnakeCaseStrategy.class)
    public record Definitions(List<TierPolicy.Requirements> tiers, String evaluation, String discountBinding) {
    }

    @Serdeable(naming = SnakeCaseStrategy.class)
    public record Statistics(long totalCalls, long paidCalls, long trialCalls, String spendUsdc, long refusedCalls,
                             long failedCalls, long paymentFailures, @Nullable String lastPaymentFailureAt,
                             @Nullable String firstSeen, @Nullable String lastSeen, Map<String, Long> endpoints) {
    }

    @Serdeable(naming = SnakeCaseStrategy.class)
    public record Standing(String agentId, Tier tier, int discountPct, @Nullable String tierSince, Statistics statistics,
                           @Nullable TierPolicy.Progress nextTier) {
    }

    @Get
    Definitions definitions() {
        return new Definitions(TierPolicy.TIERS,
                "Tiers are re-evaluated with every call and payment failure of the agent, at the time of its latest event; "
                        + "they go down as well as up. Changes are published on quipu.reputation.v1.",
                "The discount applies to the payer wallet: an agent id that is a wallet address (0x + 40 hex) gets its tier's "
                        + "discount quoted when the request names it (agent_id or X-Agent-Id), and the payment must come from it.");
    }

    @Get("/{agent_id}")
    MutableHttpResponse<?> agent(@PathVariable("agent_id") String agentId) throws SQLException {
        if (!RequestValidator.isValidAgentId(agentId)) {
            return HttpResponse.unprocessableEntity().body(ValidationErrorBody.of(new ValidationError(List.of("path", "agent_id"),
                    "String should match pattern '" + PriceBook.AGENT_ID_PATTERN + "'", "string_pattern_mismatch")));
        }
        Instant now = clock.instant();
        AgentRecord r = stats.find(agentId).orElse(null);
        if (r == null) {
            TierPolicy.Standing none = new TierPolicy.Standing(0, null, null);
            return HttpResponse.ok(new Standing(agentId, Tier.NEW, 0, null,
                    new Statistics(0, 0, 0, "0", 0, 0, 0, null, null, null, Map.of()), TierPolicy.next(Tier.NEW, none, now)));
        }
        TierPolicy.Standing standing = new TierPolicy.Standing(r.paidCalls(), r.firstSeen(), r.lastPaymentFailureAt());
        Statistics s = new Statistics(r.totalCalls(), r.paidCalls(), r.trialCalls(), usdc(r.spendAtomic()), r.refusedCalls(),
                r.failedCalls(), r.paymentFailures(), text(r.lastPaymentFailureAt()), text(r.firstSeen()), text(r.lastSeen()),
                r.endpoints());
        // progress is measured where the tier is: at the agent's latest event, when it was last evaluated
        return HttpResponse.ok(new Standing(agentId, r.tier(), r.tier().discountPct(), r.tierSince().toString(), s,
                TierPolicy.next(r.tier(), standing, r.lastSeen())));
    }

    static String usdc(long atomic) {
        return BigDecimal.valueOf(atomic, 6).stripTrailingZeros().toPlainString();
    }

    private static String text(Instant i) {
        return i == null ? null : i.toString();
    }
}
