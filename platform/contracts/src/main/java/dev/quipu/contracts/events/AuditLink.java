package dev.quipu.contracts.events;

import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

/** One appended link of an agent's audit chain, on {@link Topics#AUDIT_CHAIN} keyed by agent id. */
@Serdeable(naming = SnakeCaseStrategy.class)
public record AuditLink(String agentId, long sequence, String eventId, String queryHash, String responseHash,
                        String eventHash, String prevHash, String chainHash) {
}
