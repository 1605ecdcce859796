package dev.quipu.reputation.stats;

import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.contracts.events.PaymentEvent;
import dev.quipu.proof.PaymentProofCheck;
import dev.quipu.reputation.tiers.Tier;
import dev.quipu.reputation.tiers.TierPolicy;
import dev.quipu.runtime.UuidV7;
import io.micronaut.jdbc.DataSourceResolver;
import io.micronaut.json.JsonMapper;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.sql.DataSource;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * Folds the call stream (and payment failures) into per-agent statistics and tiers. Each batch is
 * one transaction; an event id already stored changes nothing, so redelivery is harmless. A tier
 * change is written to {@code tier_changes} in the same transaction and published afterwards.
 *
 * <p>An event that claims a settled payment counts only when its payment proof checks (the payer's
 * own signature over exactly this payment, {@link PaymentProofCheck}) and its authorization has not
 * paid for another call already. Otherwise it counts nowhere, neither as paid nor as a call (a
 * forged event could otherwise age an agent's history): it is stored in {@code rejected_paid_events},
 * logged once and counted by {@code quipu.reputation.paid.events.rejected} (tag {@code reason}).
 */
@Singleton
public class StatsFolder {

    private static final Logger LOG = LoggerFactory.getLogger(StatsFolder.class);
    static final String REJECTED_METER = "quipu.reputation.paid.events.rejected";

    private final DataSource dataSource;
    private final JsonMapper json;
    private final UuidV7 ids;
    private final PaymentProofCheck proofs;
    private final MeterRegistry meters;

    public StatsFolder(DataSource dataSource, DataSourceResolver resolver, JsonMapper json, UuidV7 ids,
                       PaymentProofCheck proofs, MeterRegistry meters) {
        this.dataSource = resolver.resolve(dataSource);
        this.json = json;
        this.ids = ids;
        this.proofs = proofs;
        this.meters = meters;
    }

    /** A paid event that does not count, and why. */
    record Rejection(CallCompleted call, String reason, String detail) {
    }

    /** @return how many events were new and counted */
    public int foldCalls(List<String> payloads) throws SQLException {
        List<Rejection> rejected = new ArrayList<>();
        int fresh = 0;
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                for (String payload : payloads) {
                    CallCompleted call = readCall(payload);
                    if (call != null && store(c, call, payload)) {
                        Rejection rejection = admit(c, call);
                        if (rejection == null) {
                            apply(c, call);
                            fresh++;
                        } else {
                            reject(c, rejection);
                            rejected.add(rejection);
                        }
                    }
                }
                c.commit();
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
        // after the commit: a batch retried after a rollback logs and counts nothing twice
        for (Rejection r : rejected) {
            LOG.warn("paid event {} of agent {} does not count: payment_proof {}: {}", r.call().eventId(),
                    r.call().agentId(), r.reason(), r.detail());
            Counter.builder(REJECTED_METER).description("paid call events not counted because their payment is not proven")
                    .tag("reason", r.reason()).register(meters).increment();
        }
        return fresh;
    }

    /**
     * Null when the event may count: it claims no settlement, or its proof checks and its
     * authorization pays for no other counted call (claimed here, in the batch's transaction).
     */
    private Rejection admit(Connection c, CallCompleted call) throws SQLException {
        PaymentProofCheck.Verdict verdict = proofs.check(call);
        switch (verdict.status()) {
            case NOT_REQUIRED -> {
                return null;
            }
            case INVALID -> {
                return new Rejection(call, verdict.code(), verdict.detail()
                        + (verdict.expected() == null && verdict.found() == null ? ""
                        : " (expected " + verdict.expected() + ", found " + verdict.found() + ")"));
            }
            case UNVERIFIABLE_OFFLINE -> {
                return new Rejection(call, "unverifiable_offline", verdict.detail());
            }
            default -> {
                try (PreparedStatement st = c.prepareStatement("INSERT INTO paid_authorizations (authorization_key, event_id, "
                        + "agent_id) VALUES (?, ?, ?) ON CONFLICT (authorization_key) DO NOTHING")) {
                    st.setString(1, PaymentProofCheck.authorizationKey(call));
                    st.setObject(2, UUID.fromString(call.eventId()));
                    st.setString(3, call.agentId());
                    if (st.executeUpdate() == 0) {
                        return new Rejection(call, "authorization_reused", "the authorization of payer " + call.payer()
                                + " with nonce " + call.paymentProof().authorization().nonce() + " already paid for another call");
                    }
                }
                return null;
            }
        }
    }

    private static void reject(Connection c, Rejection r) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("INSERT INTO rejected_paid_events (event_id, agent_id, reason, detail, "
                + "occurred_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (event_id) DO NOTHING")) {
            st.setObject(1, UUID.fromString(r.call().eventId()));
            st.setString(2, r.call().agentId());
            st.setString(3, r.reason());
            st.setString(4, r.detail());
            st.setTimestamp(5, Timestamp.from(Instant.parse(r.call().occurredAt())));
            st.executeUpdate();
        }
    }

    /** Paid events of an agent that did not count, for the API and tests. */
    public long rejectedPaidEvents(String agentId) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement st = c.prepareStatement("SELECT count(*) FROM rejected_paid_events WHERE agent_id = ?")) {
            st.setString(1, agentId);
            try (ResultSet rs = st.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /** Counts {@code failed} payments against the paying wallet's agent id (its lower-case address). */
    public int foldPayments(List<String> payloads) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                int fresh = 0;
                for (String payload : payloads) {
                    PaymentEvent p = readPayment(payload);
                    if (p != null && "failed".equals(p.state()) && p.payer() != null && recordFailure(c, p)) {
                        fresh++;
                    }
                }
                c.commit();
                return fresh;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
    }

    private CallCompleted readCall(String payload) {
        try {
            CallCompleted call = json.readValue(payload, CallCompleted.class);
            UUID.fromString(call.eventId());
            Instant.parse(call.occurredAt());
            if (call.agentId() == null || call.operationId() == null) {
                throw new IllegalArgumentException("agent id and operation id are required");
            }
            return call;
        } catch (IOException | RuntimeException e) {
            LOG.error("skipping unreadable call event: {}", e.getMessage());
            return null;
        }
    }

    private PaymentEvent readPayment(String payload) {
        try {
            PaymentEvent p = json.readValue(payload, PaymentEvent.class);
            Instant.parse(p.occurredAt());
            return p;
        } catch (IOException | RuntimeException e) {
            LOG.error("skipping unreadable payment event: {}", e.getMessage());
            return null;
        }
    }

    private static boolean store(Connection c, CallCompleted call, String payload) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("INSERT INTO call_events (event_id, agent_id, operation_id, "
                + "occurred_at, payload) VALUES (?, ?, ?, ?, ?) ON CONFLICT (event_id) DO NOTHING")) {
            st.setObject(1, UUID.fromString(call.eventId()));
            st.setString(2, call.agentId());
            st.setString(3, call.operationId());
            st.setTimestamp(4, Timestamp.from(Instant.parse(call.occurredAt())));
            st.setString(5, payload);
            return st.executeUpdate() == 1;
        }
    }

    private void apply(Connection c, CallCompleted call) throws SQLException {
        boolean succeeded = call.status() >= 200 && call.status() < 300;
        boolean paid = "paid".equals(call.access()) && succeeded;
        Timestamp at = Timestamp.from(Instant.parse(call.occurredAt()));
        try (PreparedStatement st = c.prepareStatement("INSERT INTO agent_stats (agent_id, total_calls, paid_calls, "
                + "trial_calls, spend_atomic, refused_calls, failed_calls, first_seen, last_seen, tier_since) "
                + "VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (agent_id) DO UPDATE SET "
                + "total_calls = agent_stats.total_calls + 1, paid_calls = agent_stats.paid_calls + EXCLUDED.paid_calls, "
                + "trial_calls = agent_stats.trial_calls + EXCLUDED.trial_calls, "
                + "spend_atomic = agent_stats.spend_atomic + EXCLUDED.spend_atomic, "
                + "refused_calls = agent_stats.refused_calls + EXCLUDED.refused_calls, "
                + "failed_calls = agent_stats.failed_calls + EXCLUDED.failed_calls, "
                + "first_seen = LEAST(agent_stats.first_seen, EXCLUDED.first_seen), "
                + "last_seen = GREATEST(agent_stats.last_seen, EXCLUDED.last_seen)")) {
            st.setString(1, call.agentId());
            st.setLong(2, paid ? 1 : 0);
            st.setLong(3, "trial".equals(call.access()) ? 1 : 0);
            st.setLong(4, paid ? call.chargedAtomic() : 0);
            st.setLong(5, call.status() >= 400 && call.status() < 500 ? 1 : 0);
            st.setLong(6, call.status() >= 500 ? 1 : 0);
            st.setTimestamp(7, at);
            st.setTimestamp(8, at);
            st.setTimestamp(9, at);
            st.executeUpdate();
        }
        try (PreparedStatement st = c.prepareStatement("INSERT INTO agent_endpoints (agent_id, operation_id, calls) "
                + "VALUES (?, ?, 1) ON CONFLICT (agent_id, operation_id) DO UPDATE SET calls = agent_endpoints.calls + 1")) {
            st.setString(1, call.agentId());
            st.setString(2, call.operationId());
            st.executeUpdate();
        }
        reevaluate(c, call.agentId());
    }

    private boolean recordFailure(Connection c, PaymentEvent p) throws SQLException {
        String agent = p.payer().toLowerCase(Locale.ROOT);
        Timestamp at = Timestamp.from(Instant.parse(p.occurredAt()));
        try (PreparedStatement st = c.prepareStatement("INSERT INTO payment_failures (event_id, agent_id, occurred_at) "
                + "VALUES (?, ?, ?) ON CONFLICT (event_id) DO NOTHING")) {
            st.setString(1, p.eventId());
            st.setString(2, agent);
            st.setTimestamp(3, at);
            if (st.executeUpdate() == 0) {
                return false;
            }
        }
        try (PreparedStatement st = c.prepareStatement("INSERT INTO agent_stats (agent_id, payment_failures, "
                + "last_payment_failure_at, first_seen, last_seen, tier_since) VALUES (?, 1, ?, ?, ?, ?) "
                + "ON CONFLICT (agent_id) DO UPDATE SET payment_failures = agent_stats.payment_failures + 1, "
                + "last_payment_failure_at = GREATEST(agent_stats.last_payment_failure_at, EXCLUDED.last_payment_failure_at), "
                + "last_seen = GREATEST(agent_stats.last_seen, EXCLUDED.last_seen)")) {
            st.setString(1, agent);
            st.setTimestamp(2, at);
            st.setTimestamp(3, at);
            st.setTimestamp(4, at);
            st.setTimestamp(5, at);
            st.executeUpdate();
        }
        reevaluate(c, agent);
        return true;
    }

    /** Re-evaluates the agent's tier at its latest event; a change is stored and queued for publication. */
    private void reevaluate(Connection c, String agent) throws SQLException {
        Tier current;
        TierPolicy.Standing standing;
        Instant at;
        try (PreparedStatement st = c.prepareStatement("SELECT tier, paid_calls, first_seen, last_seen, "
                + "last_payment_failure_at FROM agent_stats WHERE agent_id = ? FOR UPDATE")) {
            st.setString(1, agent);
            try (ResultSet rs = st.executeQuery()) {
                rs.next();
                current = Tier.valueOf(rs.getString(1));
                Timestamp failure = rs.getTimestamp(5);
                standing = new TierPolicy.Standing(rs.getLong(2), rs.getTimestamp(3).toInstant(),
                        failure == null ? null : failure.toInstant());
                at = rs.getTimestamp(4).toInstant();
            }
        }
        Tier tier = TierPolicy.evaluate(standing, at);
        if (tier == current) {
            return;
        }
        try (PreparedStatement st = c.prepareStatement("UPDATE agent_stats SET tier = ?, tier_since = ? WHERE agent_id = ?")) {
            st.setString(1, tier.name());
            st.setTimestamp(2, Timestamp.from(at));
            st.setString(3, agent);
            st.executeUpdate();
        }
        try (PreparedStatement st = c.prepareStatement("INSERT INTO tier_changes (event_id, agent_id, from_tier, to_tier, "
                + "discount_pct, occurred_at) VALUES (?, ?, ?, ?, ?, ?)")) {
            st.setObject(1, ids.next());
            st.setString(2, agent);
            st.setString(3, current.name());
            st.setString(4, tier.name());
            st.setInt(5, tier.discountPct());
            st.setTimestamp(6, Timestamp.from(at));
            st.executeUpdate();
        }
    }
}
