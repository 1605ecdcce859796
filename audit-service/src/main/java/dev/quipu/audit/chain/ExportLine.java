package dev.quipu.audit.chain;

import dev.quipu.contracts.events.AuditLink;
import dev.quipu.contracts.events.CallCompleted;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

/**
 * One line of {@code GET /audit/{agent_id}/export}: a link and the whole event it binds, everything
 * the offline verifier needs to recompute it.
 */
@Serdeable(naming = SnakeCaseStrategy.class)
public record ExportLine(String agentId, long sequence, String eventId, String queryHash, String responseHash,
                         String eventHash, String prevHash, String chainHash, CallCompleted event) {

    public static ExportLine of(AuditLink l, CallCompleted event) {
        return new ExportLine(l.agentId(), l.sequence(), l.eventId(), l.queryHash(), l.responseHash(), l.eventHash(),
                l.prevHash(), l.chainHash(), event);
    }

    public AuditLink link() {
        return new AuditLink(agentId, sequence, eventId, queryHash, responseHash, eventHash, prevHash, chainHash);
    }
}
