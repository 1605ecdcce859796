package dev.quipu.reputation.stats;

import dev.quipu.reputation.tiers.Tier;
import io.micronaut.core.annotation.Nullable;

import java.time.Instant;
import java.util.Map;

/** An agent's stored statistics and tier. */
public record AgentRecord(String agentId, long totalCalls, long paidCalls, long trialCalls, long spendAtomic,
                          long refusedCalls, long failedCalls, long paymentFailures,
                          @Nullable Instant lastPaymentFailureAt, Instant firstSeen, Instant lastSeen, Tier tier,
                          Instant tierSince, Map<String, Long> endpoints) {
}
