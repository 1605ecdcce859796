package dev.quipu.audit.chain;

import dev.quipu.contracts.events.AuditLink;
import dev.quipu.contracts.events.CallCompleted;
import io.micronaut.jdbc.DataSourceResolver;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;

import javax.sql.DataSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Reads stored chains: pages of links, one audited call, everything for verification and export. */
@Singleton
public class ChainStore {

    private static final String LINK_COLUMNS = "l.agent_id, l.sequence, l.event_id, l.query_hash, l.response_hash, "
            + "l.event_hash, l.prev_hash, l.chain_hash";

    private final DataSource dataSource;
    private final JsonMapper json;

    public ChainStore(DataSource dataSource, DataSourceResolver resolver, JsonMapper json) {
        this.dataSource = resolver.resolve(dataSource);
        this.json = json;
    }

    /** A link with the stored event it binds. */
    public record StoredLink(AuditLink link, Instant linkedAt, String payload, String storedAgentId,
                             String storedOperationId, Instant storedOccurredAt) {
    }

    public Optional<ChainVerifier.Head> head(String agentId) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement st = c.prepareStatement("SELECT sequence, chain_hash FROM chain_heads WHERE agent_id = ?")) {
            st.setString(1, agentId);
            try (ResultSet rs = st.executeQuery()) {
                return rs.next() ? Optional.of(new ChainVerifier.Head(rs.getLong(1), rs.getString(2))) : Optional.empty();
            }
        }
    }

    /** Links from sequence {@code from} on, at most {@code limit}, in chain order. */
    public List<StoredLink> page(String agentId, long from, int limit) throws SQLException {
        return query("WHERE l.agent_id = ? AND l.sequence >= ? ORDER BY l.sequence LIMIT ?", st -> {
            st.setString(1, agentId);
            st.setLong(2, from);
            st.setInt(3, limit);
        });
    }

    public Optional<StoredLink> byEvent(String agentId, UUID eventId) throws SQLException {
        return query("WHERE l.agent_id = ? AND l.event_id = ?", st -> {
            st.setString(1, agentId);
            st.setObject(2, eventId);
        }).stream().findFirst();
    }

    /** The chain's entries for {@link ChainVerifier}, read in pages so that long chains stay bounded in memory per query. */
    public List<ChainVerifier.Entry> entries(String agentId) throws SQLException {
        List<ChainVerifier.Entry> entries = new ArrayList<>();
        long from = Long.MIN_VALUE;
        while (true) {
            long start = from;
            List<StoredLink> page = query("WHERE l.agent_id = ? AND l.sequence > ? ORDER BY l.sequence LIMIT 5000", st -> {
                st.setString(1, agentId);
                st.setLong(2, start);
            });
            for (StoredLink s : page) {
                entries.add(new ChainVerifier.Entry(s.link(), event(s.payload()), s.storedAgentId(),
                        s.storedOperationId(), s.storedOccurredAt(), s.linkedAt()));
            }
            if (page.size() < 5000) {
                return entries;
            }
            from = page.get(page.size() - 1).link().sequence();
        }
    }

    public CallCompleted event(String payload) {
        try {
            return json.readValue(payload, CallCompleted.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private interface Binder {
        void bind(PreparedStatement st) throws SQLException;
    }

    private List<StoredLink> query(String where, Binder binder) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement st = c.prepareStatement("SELECT " + LINK_COLUMNS + ", l.linked_at, e.payload, e.agent_id, "
                     + "e.operation_id, e.occurred_at FROM audit_links l JOIN call_events e ON e.event_id = l.event_id " + where)) {
            binder.bind(st);
            List<StoredLink> links = new ArrayList<>();
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    links.add(new StoredLink(LinkRows.link(rs), rs.getObject(9, OffsetDateTime.class).toInstant(),
                            rs.getString(10), rs.getString(11), rs.getString(12),
                            rs.getObject(13, OffsetDateTime.class).toInstant()));
                }
            }
            return links;
        }
    }
}
