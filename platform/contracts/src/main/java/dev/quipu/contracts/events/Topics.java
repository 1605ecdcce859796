package dev.quipu.contracts.events;

import java.util.List;
import java.util.Map;

/** Kafka topic names (ARCHITECTURE §5). Versioned by name: a breaking change is a new topic. */
public final class Topics {
    /** One completed call; key agent_id; from payment-service's outbox to audit and reputation. */
    public static final String CALLS = "quipu.calls.v1";
    /** Payment lifecycle; key payer. */
    public static final String PAYMENTS = "quipu.payments.v1";
    /** One audit chain link; key agent_id. */
    public static final String AUDIT_CHAIN = "quipu.audit.chain.v1";
    /** One rates observation set; key country. */
    public static final String RATES = "quipu.rates.v1";
    /** Sanctions list version changes; key list id. */
    public static final String LISTS = "quipu.lists.v1";
    /** Reputation tier changes; key agent_id. */
    public static final String REPUTATION = "quipu.reputation.v1";
    /**
     * The spending cap of each agent, latest change per key; key agent_id. Compacted: a gateway
     * reads it whole at start to know which agents have no cap, so no cap may ever age out.
     */
    public static final String BUDGETS = "quipu.budgets.v1";

    /** Partitions per topic: enough for several consumers per group on a small cluster. */
    public static final int PARTITIONS = 3;

    private Topics() {
    }

    public static List<String> all() {
        return List.of(CALLS, PAYMENTS, AUDIT_CHAIN, RATES, LISTS, REPUTATION, BUDGETS);
    }

    /** Topic configuration to create {@code topic} with (empty: the broker's defaults). */
    public static Map<String, String> config(String topic) {
        return BUDGETS.equals(topic) ? Map.of("cleanup.policy", "compact") : Map.of();
    }
}
