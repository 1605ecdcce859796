package dev.quipu.gateway.budget;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The agents reputation-service said lately have no spending cap, so that their paid calls can go
 * on through a reputation outage without ever letting a capped agent spend unchecked. An answer is
 * trusted for a bounded time only: a cap set just before an outage is enforced once that time is up.
 */
final class UncappedAgents {

    private final Duration memory;
    private final int maxAgents;
    private final Map<String, Instant> lastSeenUncapped = new ConcurrentHashMap<>();

    UncappedAgents(Duration memory, int maxAgents) {
        this.memory = memory;
        this.maxAgents = maxAgents;
    }

    void uncapped(String agentId, Instant now) {
        if (lastSeenUncapped.size() >= maxAgents) {
            lastSeenUncapped.values().removeIf(seen -> !seen.plus(memory).isAfter(now));
            if (lastSeenUncapped.size() >= maxAgents) {
                return; // forgetting is safe: an unknown agent is treated as capped
            }
        }
        lastSeenUncapped.put(agentId, now);
    }

    void capped(String agentId) {
        lastSeenUncapped.remove(agentId);
    }

    boolean knownUncapped(String agentId, Instant now) {
        Instant seen = lastSeenUncapped.get(agentId);
        return seen != null && seen.plus(memory).isAfter(now);
    }
}
