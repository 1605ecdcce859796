package dev.quipu.gateway.budget;

import dev.quipu.contracts.events.BudgetChanged;
import jakarta.inject.Singleton;

import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which agents have a spending cap, as {@code quipu.budgets.v1} announces them (read whole by every
 * gateway instance, {@link BudgetListener}), plus the caps set through this instance. Until the
 * topic has been read up to where it ended at start, the directory knows nothing: every agent may
 * have a cap, so every paid call reserves.
 */
@Singleton
public class BudgetDirectory {

    /** The latest known state of an agent: capped or not, as of {@code at}. */
    private record Entry(boolean capped, Instant at) {
    }

    private final Map<String, Entry> agents = new ConcurrentHashMap<>();
    private volatile boolean caughtUp;

    /** Applies a change from the topic; of two changes of one agent the later one wins. */
    public void apply(BudgetChanged change) {
        Entry next = new Entry(change.capped(), Instant.parse(change.changedAt()));
        agents.merge(key(change.agentId()), next, (old, n) -> n.at().isBefore(old.at()) ? old : n);
    }

    /**
     * Marks an agent capped at once, without waiting for the topic: a cap this instance saw being set
     * (its {@code POST /budget} answered 2xx), or one reputation-service reported on a reservation.
     */
    public void capped(String agentId) {
        Entry next = new Entry(true, Instant.now());
        agents.merge(key(agentId), next, (old, n) -> old.capped() ? old : n);
    }

    /** The topic has been read up to the end offsets it had when this instance started. */
    void caughtUp() {
        caughtUp = true;
    }

    public boolean isCaughtUp() {
        return caughtUp;
    }

    /** True only when the directory is caught up and the agent has no cap: its paid calls need no reservation. */
    public boolean knownUncapped(String agentId) {
        if (!caughtUp) {
            return false;
        }
        Entry e = agents.get(key(agentId));
        return e == null || !e.capped();
    }

    /**
     * Wallet addresses are compared case-insensitively, so a cap set on one spelling of an address is
     * never missed for another (at worst such a call reserves and is told it is unlimited).
     */
    private static String key(String agentId) {
        return agentId.matches("0[xX][0-9a-fA-F]{40}") ? agentId.toLowerCase(Locale.ROOT) : agentId;
    }
}
