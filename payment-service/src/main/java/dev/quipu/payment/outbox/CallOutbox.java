package dev.quipu.payment.outbox;

import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.contracts.events.Topics;
import dev.quipu.runtime.JsonRequests;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The transactional outbox of completed calls. {@link #append} runs on the caller's connection, so
 * that a call event is durable exactly when the transaction it belongs to (a settlement) commits.
 */
@Singleton
public class CallOutbox {

    private final JsonRequests json;

    public CallOutbox(JsonRequests json) {
        this.json = json;
    }

    /**
     * Adds the event unless an event with the same id is already there; returns whether it was new.
     * {@code occurred_at} is published in its canonical form whatever the gateway sent (an older
     * gateway stamped nanoseconds, which no stored copy can keep).
     */
    public boolean append(Connection connection, CallCompleted event) throws SQLException {
        CallCompleted call = event.withCanonicalOccurredAt();
        try (PreparedStatement st = connection.prepareStatement(
                "INSERT INTO call_outbox (event_id, agent_id, topic, payload) VALUES (?, ?, ?, ?) "
                        + "ON CONFLICT (event_id) DO NOTHING")) {
            st.setObject(1, UUID.fromString(call.eventId()));
            st.setString(2, call.agentId());
            st.setString(3, Topics.CALLS);
            st.setString(4, new String(json.write(call), java.nio.charset.StandardCharsets.UTF_8));
            return st.executeUpdate() == 1;
        }
    }

    /** The oldest unpublished rows, locked so that concurrent relays (other instances) skip them. */
    List<Pending> lockOldestUnpublished(Connection connection, int limit) throws SQLException {
        List<Pending> rows = new ArrayList<>();
        try (PreparedStatement st = connection.prepareStatement(
                "SELECT seq, event_id, agent_id, topic, payload FROM call_outbox WHERE published_at IS NULL "
                        + "ORDER BY seq LIMIT ? FOR UPDATE SKIP LOCKED")) {
            st.setInt(1, limit);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    rows.add(new Pending(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5)));
                }
            }
        }
        return rows;
    }

    void markPublished(Connection connection, List<Long> seqs) throws SQLException {
        try (PreparedStatement st = connection.prepareStatement(
                "UPDATE call_outbox SET published_at = now(), attempts = attempts + 1, last_error = NULL WHERE seq = ANY (?)")) {
            st.setArray(1, connection.createArrayOf("bigint", seqs.toArray()));
            st.executeUpdate();
        }
    }

    void markFailed(Connection connection, long seq, String error) throws SQLException {
        try (PreparedStatement st = connection.prepareStatement(
                "UPDATE call_outbox SET attempts = attempts + 1, last_error = ? WHERE seq = ?")) {
            st.setString(1, error);
            st.setLong(2, seq);
            st.executeUpdate();
        }
    }

    /** Rows not yet published, for health and tests. */
    public long backlog(Connection connection) throws SQLException {
        try (PreparedStatement st = connection.prepareStatement("SELECT count(*) FROM call_outbox WHERE published_at IS NULL");
             ResultSet rs = st.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    record Pending(long seq, String eventId, String agentId, String topic, String payload) {
    }
}
