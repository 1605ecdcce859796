package dev.quipu.reputation.stats;

import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.contracts.events.PaymentEvent;
import dev.quipu.reputation.tiers.Tier;
import dev.quipu.reputation.tiers.TierPolicy;
import dev.quipu.runtime.UuidV7;
import io.micronaut.jdbc.DataSourceResolver;
import io.micronaut.json.JsonMapper;
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
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * Folds the call stream (and payment failures) into per-agent statistics and tiers. Each batch is
 * one transaction; an event id already stored changes nothing, so redelivery is harmless. A tier
 * change is written to {@code tier_changes} in the same transaction and published afterwards.
 */
@Singleton
public class StatsFolder {

    private static final Logger LOG = LoggerFactory.getLogger(StatsFolder.class);

    private final DataSource dataSource;
    private final JsonMapper json;
    private final UuidV7 ids;

    public StatsFolder(DataSource dataSource, DataSourceResolver resolver, JsonMapper json, UuidV7 ids) {
        this.dataSource = resolver.resolve(dataSource);
        this.json = json;
        this.ids = ids;
    }

    /** @return how many events were new */
    public int foldCalls(List<String> payloads) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                int fresh = 0;
                for (String payload : payloads) {
                    CallCompleted call = readCall(payload);
                    if (call != null && store(c, call, payload)) {
                        apply(c, call);
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
