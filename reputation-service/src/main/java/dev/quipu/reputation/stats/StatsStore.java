package dev.quipu.reputation.stats;

import dev.quipu.reputation.tiers.Tier;
import io.micronaut.jdbc.DataSourceResolver;
import jakarta.inject.Singleton;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** Reads an agent's statistics. */
@Singleton
public class StatsStore {

    private final DataSource dataSource;

    public StatsStore(DataSource dataSource, DataSourceResolver resolver) {
        this.dataSource = resolver.resolve(dataSource);
    }

    public Optional<AgentRecord> find(String agentId) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            Map<String, Long> endpoints = new TreeMap<>();
            try (PreparedStatement st = c.prepareStatement("SELECT operation_id, calls FROM agent_endpoints WHERE agent_id = ?")) {
                st.setString(1, agentId);
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        endpoints.put(rs.getString(1), rs.getLong(2));
                    }
                }
            }
            try (PreparedStatement st = c.prepareStatement("SELECT total_calls, paid_calls, trial_calls, spend_atomic, "
                    + "refused_calls, failed_calls, payment_failures, last_payment_failure_at, first_seen, last_seen, tier, "
                    + "tier_since FROM agent_stats WHERE agent_id = ?")) {
                st.setString(1, agentId);
                try (ResultSet rs = st.executeQuery()) {
                    if (!rs.next()) {
                        return Optional.empty();
                    }
                    Timestamp failure = rs.getTimestamp(8);
                    return Optional.of(new AgentRecord(agentId, rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4),
                            rs.getLong(5), rs.getLong(6), rs.getLong(7), failure == null ? null : failure.toInstant(),
                            rs.getTimestamp(9).toInstant(), rs.getTimestamp(10).toInstant(), Tier.valueOf(rs.getString(11)),
                            rs.getTimestamp(12).toInstant(), endpoints));
                }
            }
        }
    }
}
