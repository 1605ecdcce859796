package dev.quipu.audit.chain;

import dev.quipu.contracts.events.AuditLink;
import dev.quipu.contracts.events.CallCompleted;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

/**
 * One line of {@code GET /audit/{agent_id}/export}: a link and the whole event it binds (its payment
 * proof included), everything the offline verifier needs to recompute it, and when audit-service
 * linked it ({@code linked_at}, not hashed: only the legacy cut-off of payment proofs reads it).
 */
@Serdeable(naming = SnakeCaseStrategy.class)
public record ExportLine(String agentId, long sequence, String eventId, String queryHash, String responseHash,
                         String eventHash, String prevHash, String chainHash, CallCompleted event,
                         @Nullable String linkedAt) {

    public static ExportLine of(AuditLink l, CallCompleted event, @Nullable java.time.Instant linkedAt) {
        return new ExportLine(l.agentId(), l.sequence(), l.eventId(), l.queryHash(), l.responseHash(), l.eventHash(),
                l.prevHash(), l.chainHash(), event, linkedAt == null ? null : linkedAt.toString());
    }

    public AuditLink link() {
        return new AuditLink(agentId, sequence, eventId, queryHash, responseHash, eventHash, prevHash, chainHash);
    }
}
