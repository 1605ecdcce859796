package dev.quipu.contracts.events;

import java.util.List;

/**
 * Who may write and who may read each topic: the broker's ACLs are made from this table
 * (docs/security.md), so that, for example, only payment-service can put a call on
 * {@link Topics#CALLS}. Principals are the services' module names (their Kafka user names);
 * {@link #COMPLIANCE} is the read-only principal of compliance teams.
 *
 * @param topic   the topic
 * @param writer  the only principal that may write it
 * @param readers the principals that may read it
 */
public record TopicAccess(String topic, String writer, List<String> readers) {

    /** The read-only principal for compliance teams' consumers of the audit and payment topics. */
    public static final String COMPLIANCE = "compliance";

    public TopicAccess {
        readers = List.copyOf(readers);
    }

    public static List<TopicAccess> all() {
        return List.of(
                new TopicAccess(Topics.CALLS, "payment-service", List.of("audit-service", "reputation-service")),
                new TopicAccess(Topics.PAYMENTS, "payment-service", List.of("reputation-service", COMPLIANCE)),
                new TopicAccess(Topics.AUDIT_CHAIN, "audit-service", List.of("gateway", COMPLIANCE)),
                new TopicAccess(Topics.RATES, "rates-service", List.of("gateway")),
                new TopicAccess(Topics.LISTS, "sanctions-service", List.of(COMPLIANCE)),
                new TopicAccess(Topics.REPUTATION, "reputation-service", List.of("gateway")),
                new TopicAccess(Topics.BUDGETS, "reputation-service", List.of("gateway")));
    }

    /**
     * Every principal that needs a Kafka user: each service (those that neither write nor read a
     * topic still ask the broker for its health) and {@link #COMPLIANCE}.
     */
    public static List<String> principals() {
        return java.util.stream.Stream.concat(java.util.Arrays.stream(dev.quipu.contracts.pricebook.Service.values())
                .map(dev.quipu.contracts.pricebook.Service::moduleName), java.util.stream.Stream.of(COMPLIANCE))
                .sorted().toList();
    }
}
