package dev.quipu.reputation.calls;

import dev.quipu.contracts.events.CallCompleted;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.micronaut.jdbc.DataSourceResolver;

import javax.sql.DataSource;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.UUID;

/** Persists each call event once, keyed by its event id. */
@Singleton
public class CallEventStore {

    private static final Logger LOG = LoggerFactory.getLogger(CallEventStore.class);

    private final DataSource dataSource;
    private final JsonMapper json;

    public CallEventStore(DataSource dataSource, DataSourceResolver resolver, JsonMapper json) {
        // plain pooled connections: these classes manage their own transactions
        this.dataSource = resolver.resolve(dataSource);
        this.json = json;
    }

    /** @return true when the event was new, false when it was a redelivery or unreadable */
    public boolean accept(String payload) throws SQLException {
        CallCompleted call;
        UUID eventId;
        Instant occurredAt;
        try {
            call = json.readValue(payload, CallCompleted.class);
            eventId = UUID.fromString(call.eventId());
            occurredAt = Instant.parse(call.occurredAt());
        } catch (IOException | RuntimeException e) {
            // A record that is not a call event can never be stored; retrying would block the partition.
            LOG.error("skipping unreadable call event: {}", e.getMessage());
            return false;
        }
        try (Connection c = dataSource.getConnection();
             PreparedStatement st = c.prepareStatement("INSERT INTO call_events (event_id, agent_id, operation_id, "
                     + "occurred_at, payload) VALUES (?, ?, ?, ?, ?) ON CONFLICT (event_id) DO NOTHING")) {
            st.setObject(1, eventId);
            st.setString(2, call.agentId());
            st.setString(3, call.operationId());
            st.setTimestamp(4, Timestamp.from(occurredAt));
            st.setString(5, payload);
            return st.executeUpdate() == 1;
        }
    }
}
