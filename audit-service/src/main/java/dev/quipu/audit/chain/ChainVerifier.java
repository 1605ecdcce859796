package dev.quipu.audit.chain;

import dev.quipu.contracts.events.AuditLink;
import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.proof.PaymentProofCheck;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Recomputes a chain from its events by the documented rule and names the first link that does not
 * recompute, and checks the payment proof of every link whose event claims a settled payment (a paid
 * link whose proof is missing or does not check makes the chain invalid, though its hashes may
 * recompute: the chain is the record of what was published, the proof is what makes a payment
 * believable). Pure: the verify endpoint and the offline verifier both use it.
 */
public final class ChainVerifier {

    private ChainVerifier() {
    }

    /**
     * One stored link with the event it claims to bind. The {@code stored*} values are the event
     * table's own columns, checked against the event when present (null offline).
     */
    public record Entry(AuditLink link, CallCompleted event, @Nullable String storedAgentId,
                        @Nullable String storedOperationId, @Nullable Instant storedOccurredAt,
                        @Nullable Instant linkedAt) {

        public Entry(AuditLink link, CallCompleted event, @Nullable String storedAgentId,
                     @Nullable String storedOperationId, @Nullable Instant storedOccurredAt) {
            this(link, event, storedAgentId, storedOperationId, storedOccurredAt, null);
        }

        public static Entry offline(AuditLink link, CallCompleted event) {
            return new Entry(link, event, null, null, null, null);
        }

        /** An export line's link, with the time audit-service linked it when the export says. */
        public static Entry offline(AuditLink link, CallCompleted event, @Nullable Instant linkedAt) {
            return new Entry(link, event, null, null, null, linkedAt);
        }
    }

    /**
     * How proofs are checked: the checker, and the moment from which audit-service required them
     * ({@code requiredFrom}, null: always). A paid link <em>linked</em> before that moment (by audit-service's
     * own clock, not the event's) whose event carries no proof at all was published before proofs
     * existed: it is listed as {@code legacy}, unproven, instead of failing the chain. A proof that is
     * present is always checked.
     */
    public record ProofPolicy(PaymentProofCheck check, @Nullable Instant requiredFrom) {
    }

    /** Where the chain stops recomputing: the sequence, the field, what it should be and what is stored. */
    @Serdeable(naming = SnakeCaseStrategy.class)
    public record Break(long sequence, String field, @Nullable String expected, @Nullable String found,
                        String reason) {
    }

    /** The stored head of the chain, when the caller has one. */
    public record Head(long sequence, String chainHash) {
    }

    /**
     * Verify's answer. {@code proofs} reports the payment proofs of the links checked: how many links
     * claim a settled payment ({@code required}), how many proofs check ({@code proven}), the links whose
     * proof is missing or does not check ({@code failed}: these make the chain invalid) and those that
     * can only be checked on chain ({@code unverifiable}: Solana, smart wallets), and paid links linked
     * before proofs were required that carry none ({@code legacy}, see {@link ProofPolicy}).
     */
    @Serdeable(naming = SnakeCaseStrategy.class)
    public record Result(String agentId, boolean valid, long linksChecked, long headSequence,
                         @Nullable String headChainHash, @Nullable Break firstBroken, Proofs proofs) {
    }

    /** The payment proofs of a chain. */
    @Serdeable(naming = SnakeCaseStrategy.class)
    public record Proofs(long required, long proven, List<ProofFailure> failed, List<ProofFailure> unverifiable,
                         List<ProofFailure> legacy) {
    }

    /**
     * A paid link whose payment is not proven: the rule that failed ({@code code}, see
     * {@link PaymentProofCheck}; {@code authorization_reused} when an authorization proven earlier
     * pays again), what was expected and found, and why.
     */
    @Serdeable(naming = SnakeCaseStrategy.class)
    public record ProofFailure(long sequence, String eventId, String code, @Nullable String expected,
                               @Nullable String found, String reason) {
    }

    /** The standard settings: the fastest engine, 30 s of skew, any recipient, proofs always required. */
    private static final class Standard {
        static final ProofPolicy POLICY = new ProofPolicy(PaymentProofCheck.standard(), null);
    }

    public static Result verify(String agentId, List<Entry> entries, @Nullable Head storedHead) {
        return verify(agentId, entries, storedHead, Standard.POLICY, new HashMap<>());
    }

    public static Result verify(String agentId, List<Entry> entries, @Nullable Head storedHead, ProofPolicy proofs) {
        return verify(agentId, entries, storedHead, proofs, new HashMap<>());
    }

    /**
     * @param authorizations the authorizations proven so far ({@code PaymentProofCheck.authorizationKey}
     *                       to where), shared across the chains of one export so that an authorization
     *                       paying twice is caught; updated
     */
    public static Result verify(String agentId, List<Entry> entries, @Nullable Head storedHead, ProofPolicy proofs,
                                Map<String, String> authorizations) {
        String prev = AuditHashes.genesis(agentId);
        long checked = 0;
        ProofTally tally = new ProofTally();
        Break firstProofBreak = null;
        for (Entry entry : entries) {
            long expectedSequence = checked + 1;
            Break broken = check(agentId, entry, expectedSequence, prev);
            if (broken != null) {
                return new Result(agentId, false, checked, checked, prev,
                        firstProofBreak != null ? firstProofBreak : broken, tally.proofs());
            }
            Break proofBreak = tally.check(agentId, entry, proofs, authorizations);
            if (firstProofBreak == null) {
                firstProofBreak = proofBreak;
            }
            prev = entry.link().chainHash();
            checked++;
        }
        if (storedHead != null && (storedHead.sequence() != checked || !storedHead.chainHash().equals(prev))) {
            return new Result(agentId, false, checked, checked, prev, firstProofBreak != null ? firstProofBreak
                    : new Break(Math.min(storedHead.sequence(), checked + 1),
                    "head", checked + " " + prev, storedHead.sequence() + " " + storedHead.chainHash(),
                    "the stored chain head does not match the last link: links were removed or the head was rewritten"),
                    tally.proofs());
        }
        return new Result(agentId, firstProofBreak == null, checked, checked, checked == 0 ? null : prev, firstProofBreak,
                tally.proofs());
    }

    /** The proofs of one chain, link by link. */
    private static final class ProofTally {
        private long required;
        private long proven;
        private final List<ProofFailure> failed = new ArrayList<>();
        private final List<ProofFailure> unverifiable = new ArrayList<>();
        private final List<ProofFailure> legacy = new ArrayList<>();

        /** Checks the link's proof; returns the break it makes, or null. */
        Break check(String agentId, Entry entry, ProofPolicy policy, Map<String, String> authorizations) {
            CallCompleted event = entry.event();
            long sequence = entry.link().sequence();
            PaymentProofCheck.Verdict verdict = policy.check().check(event);
            if (verdict.status() == PaymentProofCheck.Status.INVALID && event.paymentProof() == null
                    && policy.requiredFrom() != null && entry.linkedAt() != null && entry.linkedAt().isBefore(policy.requiredFrom())) {
                required++;
                legacy.add(new ProofFailure(sequence, event.eventId(), "legacy", null, null,
                        "linked " + entry.linkedAt() + ", before proofs were required (" + policy.requiredFrom()
                                + "): this payment is not proven"));
                return null;
            }
            switch (verdict.status()) {
                case NOT_REQUIRED -> {
                    return null;
                }
                case UNVERIFIABLE_OFFLINE -> {
                    required++;
                    unverifiable.add(new ProofFailure(sequence, event.eventId(), verdict.code(), null, null, verdict.detail()));
                    return null;
                }
                case INVALID -> {
                    required++;
                    return fail(sequence, event.eventId(), verdict.code(), verdict.expected(), verdict.found(), verdict.detail());
                }
                default -> {
                    required++;
                    String key = PaymentProofCheck.authorizationKey(event);
                    String here = agentId + " sequence " + sequence;
                    String first = key == null ? null : authorizations.putIfAbsent(key, here);
                    if (first != null) {
                        return fail(sequence, event.eventId(), "authorization_reused", "an authorization used once", first,
                                "this authorization (payer " + event.payer() + ", nonce " + event.paymentProof().authorization().nonce()
                                        + ") already paid for the call at " + first);
                    }
                    proven++;
                    return null;
                }
            }
        }

        private Break fail(long sequence, String eventId, String code, String expected, String found, String reason) {
            failed.add(new ProofFailure(sequence, eventId, code, expected, found, reason));
            return new Break(sequence, "payment_proof", expected, found, code + ": " + reason);
        }

        Proofs proofs() {
            return new Proofs(required, proven, List.copyOf(failed), List.copyOf(unverifiable), List.copyOf(legacy));
        }
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
