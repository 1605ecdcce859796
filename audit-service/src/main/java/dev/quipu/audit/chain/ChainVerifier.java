package dev.quipu.audit.chain;

import dev.quipu.contracts.events.AuditLink;
import dev.quipu.contracts.events.CallCompleted;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * Recomputes a chain from its events by the documented rule and names the first link that does not
 * recompute. Pure: the verify endpoint and the offline verifier both use it.
 */
public final class ChainVerifier {

    private ChainVerifier() {
    }

    /**
     * One stored link with the event it claims to bind. The {@code stored*} values are the event
     * table's own columns, checked against the event when present (null offline).
     */
    public record Entry(AuditLink link, CallCompleted event, @Nullable String storedAgentId,
                        @Nullable String storedOperationId, @Nullable Instant storedOccurredAt) {

        public static Entry offline(AuditLink link, CallCompleted event) {
            return new Entry(link, event, null, null, null);
        }
    }

    /** Where the chain stops recomputing: the sequence, the field, what it should be and what is stored. */
    @Serdeable(naming = SnakeCaseStrategy.class)
    public record Break(long sequence, String field, @Nullable String expected, @Nullable String found,
                        String reason) {
    }

    /** The stored head of the chain, when the caller has one. */
    public record Head(long sequence, String chainHash) {
    }

    @Serdeable(naming = SnakeCaseStrategy.class)
    public record Result(String agentId, boolean valid, long linksChecked, long headSequence,
                         @Nullable String headChainHash, @Nullable Break firstBroken) {
    }

    public static Result verify(String agentId, List<Entry> entries, @Nullable Head storedHead) {
        String prev = AuditHashes.genesis(agentId);
        long checked = 0;
        for (Entry entry : entries) {
            long expectedSequence = checked + 1;
            Break broken = check(agentId, entry, expectedSequence, prev);
            if (broken != null) {
                return new Result(agentId, false, checked, checked, prev, broken);
            }
            prev = entry.link().chainHash();
            checked++;
        }
        if (storedHead != null && (storedHead.sequence() != checked || !storedHead.chainHash().equals(prev))) {
            return new Result(agentId, false, checked, checked, prev, new Break(Math.min(storedHead.sequence(), checked + 1),
                    "head", checked + " " + prev, storedHead.sequence() + " " + storedHead.chainHash(),
                    "the stored chain head does not match the last link: links were removed or the head was rewritten"));
        }
        return new Result(agentId, true, checked, checked, checked == 0 ? null : prev, null);
    }

    private static Break check(String agentId, Entry entry, long sequence, String expectedPrev) {
        AuditLink link = entry.link();
        CallCompleted event = entry.event();
        if (link.sequence() != sequence) {
            return new Break(sequence, "sequence", Long.toString(sequence), Long.toString(link.sequence()),
                    "the chain has no link at this sequence");
        }
        Break b = same(sequence, "agent_id", agentId, link.agentId(), "the link belongs to another agent");
        b = b != null ? b : same(sequence, "event.agent_id", agentId, event.agentId(), "the event belongs to another agent");
        b = b != null ? b : same(sequence, "event_id", link.eventId(), event.eventId(), "the link names another event");
        if (b == null && entry.storedAgentId() != null) {
            b = same(sequence, "stored agent_id", event.agentId(), entry.storedAgentId(), "a stored column differs from the event");
        }
        if (b == null && entry.storedOperationId() != null) {
            b = same(sequence, "stored operation_id", event.operationId(), entry.storedOperationId(),
                    "a stored column differs from the event");
        }
        if (b == null && entry.storedOccurredAt() != null) {
            b = storedOccurredAt(sequence, event.occurredAt(), entry.storedOccurredAt());
        }
        if (b != null) {
            return b;
        }
        AuditHashes.LinkHashes h = AuditHashes.link(event, expectedPrev, sequence);
        b = same(sequence, "query_hash", h.queryHash(), link.queryHash(), "the request does not hash to the stored query_hash");
        b = b != null ? b : same(sequence, "response_hash", h.responseHash(), link.responseHash(),
                "the response does not hash to the stored response_hash");
        b = b != null ? b : same(sequence, "event_hash", h.eventHash(), link.eventHash(),
                "the event does not hash to the stored event_hash");
        b = b != null ? b : same(sequence, "prev_hash", expectedPrev, link.prevHash(),
                "prev_hash is not the chain_hash of the previous link");
        b = b != null ? b : same(sequence, "chain_hash", h.chainHash(), link.chainHash(),
                "chain_hash does not recompute from prev_hash, event_hash and sequence");
        return b;
    }

    /**
     * The stored {@code occurred_at} column against the event's text. A canonical text (microseconds,
     * six digits: every event since the rule) must be exactly what the column reads back as. An event
     * published before the rule may carry nanoseconds, which PostgreSQL rounded to the microsecond when
     * it stored the column: there the column must lie within that microsecond, not one further.
     */
    private static Break storedOccurredAt(long sequence, String occurredAt, Instant stored) {
        String found = CallCompleted.canonicalInstant(stored);
        if (CallCompleted.isCanonicalInstant(occurredAt)) {
            return same(sequence, "stored occurred_at", occurredAt, found, "a stored column differs from the event");
        }
        Instant hashed;
        try {
            hashed = Instant.parse(occurredAt);
        } catch (java.time.format.DateTimeParseException e) {
            return new Break(sequence, "occurred_at", null, occurredAt, "the event's occurred_at is not an ISO-8601 instant");
        }
        long nanos = Math.abs(java.time.Duration.between(hashed, stored).toNanos());
        return nanos < 1_000 ? null : new Break(sequence, "stored occurred_at", CallCompleted.canonicalInstant(hashed), found,
                "a stored column differs from the event");
    }

    private static Break same(long sequence, String field, String expected, String found, String reason) {
        return Objects.equals(expected, found) ? null : new Break(sequence, field, expected, found, reason);
    }
}
