package dev.quipu.audit.api;

import dev.quipu.audit.chain.ChainStore;
import dev.quipu.contracts.events.AuditLink;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

/** A chain link as the audit endpoints show it. */
@Serdeable(naming = SnakeCaseStrategy.class)
public record LinkView(String agentId, long sequence, String eventId, String queryHash, String responseHash,
                       String eventHash, String prevHash, String chainHash, String linkedAt) {

    static LinkView of(ChainStore.StoredLink stored) {
        AuditLink l = stored.link();
        return new LinkView(l.agentId(), l.sequence(), l.eventId(), l.queryHash(), l.responseHash(), l.eventHash(),
                l.prevHash(), l.chainHash(), stored.linkedAt().toString());
    }
}
