package dev.quipu.gateway.tiers;

import dev.quipu.contracts.events.TierChanged;
import jakarta.inject.Singleton;

import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Tiers as {@code quipu.reputation.v1} announced them; the newest change of each agent wins. */
@Singleton
public class TierCache implements TierDiscounts {

    private final Map<String, TierChanged> tiers = new ConcurrentHashMap<>();

    public void apply(TierChanged change) {
        tiers.merge(key(change.agentId()), change, (old, next) ->
                Instant.parse(next.occurredAt()).isBefore(Instant.parse(old.occurredAt())) ? old : next);
    }

    @Override
    public int discountPct(String wallet) {
        TierChanged t = wallet == null ? null : tiers.get(key(wallet));
        return t == null ? 0 : t.discountPct();
    }

    @Override
    public String tierOf(String agentId) {
        TierChanged t = agentId == null ? null : tiers.get(key(agentId));
        return t == null ? "NEW" : t.toTier();
    }

    /** Wallet addresses are case-insensitive; other agent ids are not. */
    private static String key(String agentId) {
        return agentId.matches("0[xX][0-9a-fA-F]{40}") ? agentId.toLowerCase(Locale.ROOT) : agentId;
    }
}
