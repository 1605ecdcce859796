package dev.quipu.audit.chain;

import dev.quipu.contracts.events.AuditLink;
import dev.quipu.contracts.events.CallCompleted;
import io.micronaut.jdbc.DataSourceResolver;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.sql.DataSource;
import java.io.IOException;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;

/**
 * Folds call events into per-agent chains. A batch is one transaction: the events are stored once
 * (keyed by event id), each new one is appended to its agent's chain after the locked head, and the
 * heads move on. Redelivered events append nothing but still return their existing link, so a link
 * whose publication was lost is published again.
 */
@Singleton
public class ChainFolder {

    private static final Logger LOG = LoggerFactory.getLogger(ChainFolder.class);

    private final DataSource dataSource;
    private final JsonMapper json;

    public ChainFolder(DataSource dataSource, DataSourceResolver resolver, JsonMapper json) {
        // plain pooled connections: this class manages its own transactions
        this.dataSource = resolver.resolve(dataSource);
        this.json = json;
    }

    /** A readable call event with its stored text. */
    private record Incoming(CallCompleted call, UUID eventId, Instant occurredAt, String payload) {
    }

    private record Head(long sequence, String chainHash) {
    }

    /** @return the link of every readable event of the batch, in batch order (new and already linked) */
    public List<AuditLink> fold(List<String> payloads) throws SQLException {
        List<Incoming> incoming = new ArrayList<>();
        for (String payload : payloads) {
            read(payload).ifPresent(incoming::add);
        }
        if (incoming.isEmpty()) {
            return List.of();
        }
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                List<AuditLink> links = fold(c, incoming);
                c.commit();
                return links;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
    }

    private List<AuditLink> fold(Connection c, List<Incoming> incoming) throws SQLException {
        boolean[] fresh = store(c, incoming);
        Map<String, Head> heads = lockHeads(c, incoming, fresh);
        Map<UUID, AuditLink> links = new HashMap<>();
        List<AuditLink> appended = new ArrayList<>();
        List<UUID> redelivered = new ArrayList<>();
        for (int i = 0; i < incoming.size(); i++) {
            Incoming in = incoming.get(i);
            if (!fresh[i]) {
                redelivered.add(in.eventId());
                continue;
            }
            String agent = in.call().agentId();
            Head head = heads.get(agent);
            long sequence = head.sequence() + 1;
            AuditHashes.LinkHashes h = AuditHashes.link(in.call(), head.chainHash(), sequence);
            AuditLink link = new AuditLink(agent, sequence, in.call().eventId(), h.queryHash(), h.responseHash(),
                    h.eventHash(), h.prevHash(), h.chainHash());
            heads.put(agent, new Head(sequence, h.chainHash()));
            appended.add(link);
            links.put(in.eventId(), link);
        }
        insertLinks(c, appended);
        moveHeads(c, heads, appended);
        links.putAll(existingLinks(c, redelivered));
        // each link once (an event may come twice in a batch), in batch order
        List<AuditLink> ordered = new ArrayList<>(links.size());
        for (Incoming in : incoming) {
            AuditLink link = links.remove(in.eventId());
            if (link != null) {
                ordered.add(link);
            }
        }
        return ordered;
    }

    private java.util.Optional<Incoming> read(String payload) {
        try {
            CallCompleted call = json.readValue(payload, CallCompleted.class);
            if (call.agentId() == null || call.route() == null || call.occurredAt() == null) {
                throw new IllegalArgumentException("agent id, route and occurred_at are required");
            }
            return java.util.Optional.of(new Incoming(call, UUID.fromString(call.eventId()),
                    Instant.parse(call.occurredAt()), payload));
        } catch (IOException | RuntimeException e) {
            // A record that is not a call event can never be linked; retrying would block the partition.
            LOG.error("skipping unreadable call event: {}", e.getMessage());
            return java.util.Optional.empty();
        }
    }

    /**
     * Inserts every event once, in one statement over arrays; element i is true when event i was
     * new (a second copy of an event inside the same batch is not).
     */
    private static boolean[] store(Connection c, List<Incoming> incoming) throws SQLException {
        int n = incoming.size();
        UUID[] ids = new UUID[n];
        String[] agents = new String[n];
        String[] operations = new String[n];
        String[] times = new String[n];
        String[] payloads = new String[n];
        for (int i = 0; i < n; i++) {
            Incoming in = incoming.get(i);
            ids[i] = in.eventId();
            agents[i] = in.call().agentId();
            operations[i] = in.call().operationId();
            // the canonical text (microseconds, as the column keeps them), cast by PostgreSQL itself: no
            // JVM time zone or nanoseconds in between, so the column reads back as exactly this text
            times[i] = CallCompleted.canonicalInstant(in.occurredAt());
            payloads[i] = in.payload();
        }
        java.util.Set<UUID> inserted = new java.util.HashSet<>();
        try (PreparedStatement st = c.prepareStatement("INSERT INTO call_events (event_id, agent_id, operation_id, "
                + "occurred_at, payload) SELECT * FROM unnest(?::uuid[], ?::varchar[], ?::varchar[], "
                + "?::timestamptz[], ?::text[]) ON CONFLICT (event_id) DO NOTHING RETURNING event_id")) {
            st.setArray(1, c.createArrayOf("uuid", ids));
            st.setArray(2, c.createArrayOf("varchar", agents));
            st.setArray(3, c.createArrayOf("varchar", operations));
            st.setArray(4, c.createArrayOf("text", times));
            st.setArray(5, c.createArrayOf("text", payloads));
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    inserted.add((UUID) rs.getObject(1));
                }
            }
        }
        boolean[] fresh = new boolean[n];
        for (int i = 0; i < n; i++) {
            fresh[i] = inserted.remove(ids[i]);
        }
        return fresh;
    }

    /** Locks the heads of the agents with new events, in a fixed order so that writers never deadlock. */
    private static Map<String, Head> lockHeads(Connection c, List<Incoming> incoming, boolean[] fresh)
            throws SQLException {
        TreeSet<String> agents = new TreeSet<>();
        for (int i = 0; i < incoming.size(); i++) {
            if (fresh[i]) {
                agents.add(incoming.get(i).call().agentId());
            }
        }
        Map<String, Head> heads = new LinkedHashMap<>();
        if (agents.isEmpty()) {
            return heads;
        }
        // joined from the array, so that each agent is one primary-key lookup: the generic plan of
        // "agent_id = ANY (?)" filtered every head of the table against the whole array
        try (PreparedStatement st = c.prepareStatement("SELECT h.agent_id, h.sequence, h.chain_hash "
                + "FROM unnest(?::varchar[]) AS a (agent_id) JOIN chain_heads h ON h.agent_id = a.agent_id "
                + "ORDER BY h.agent_id FOR UPDATE OF h")) {
            Array array = c.createArrayOf("varchar", agents.toArray());
            st.setArray(1, array);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    heads.put(rs.getString(1), new Head(rs.getLong(2), rs.getString(3)));
                }
            }
        }
        for (String agent : agents) {
            heads.computeIfAbsent(agent, a -> new Head(0, AuditHashes.genesis(a)));
        }
        return heads;
    }

    private static void insertLinks(Connection c, List<AuditLink> links) throws SQLException {
        if (links.isEmpty()) {
            return;
        }
        int n = links.size();
        String[] agents = new String[n];
        Long[] sequences = new Long[n];
        UUID[] events = new UUID[n];
        String[][] hashes = new String[5][n];
        for (int i = 0; i < n; i++) {
            AuditLink l = links.get(i);
            agents[i] = l.agentId();
            sequences[i] = l.sequence();
            events[i] = UUID.fromString(l.eventId());
            hashes[0][i] = l.queryHash();
            hashes[1][i] = l.responseHash();
            hashes[2][i] = l.eventHash();
            hashes[3][i] = l.prevHash();
            hashes[4][i] = l.chainHash();
        }
        try (PreparedStatement st = c.prepareStatement("INSERT INTO audit_links (agent_id, sequence, event_id, "
                + "query_hash, response_hash, event_hash, prev_hash, chain_hash) SELECT * FROM unnest(?::varchar[], "
                + "?::bigint[], ?::uuid[], ?::varchar[], ?::varchar[], ?::varchar[], ?::varchar[], ?::varchar[])")) {
            st.setArray(1, c.createArrayOf("varchar", agents));
            st.setArray(2, c.createArrayOf("bigint", sequences));
            st.setArray(3, c.createArrayOf("uuid", events));
            for (int h = 0; h < 5; h++) {
                st.setArray(4 + h, c.createArrayOf("varchar", hashes[h]));
            }
            st.executeUpdate();
        }
    }

    /** Moves the heads of every agent with new links in one statement over arrays, in agent order. */
    private static void moveHeads(Connection c, Map<String, Head> heads, List<AuditLink> appended)
            throws SQLException {
        if (appended.isEmpty()) {
            return;
        }
        TreeSet<String> moved = new TreeSet<>();
        appended.forEach(l -> moved.add(l.agentId()));
        int n = moved.size();
        String[] agents = moved.toArray(new String[0]);
        Long[] sequences = new Long[n];
        String[] hashes = new String[n];
        for (int i = 0; i < n; i++) {
            Head head = heads.get(agents[i]);
            sequences[i] = head.sequence();
            hashes[i] = head.chainHash();
        }
        try (PreparedStatement st = c.prepareStatement("INSERT INTO chain_heads (agent_id, sequence, chain_hash) "
                + "SELECT * FROM unnest(?::varchar[], ?::bigint[], ?::varchar[]) ON CONFLICT (agent_id) DO UPDATE "
                + "SET sequence = EXCLUDED.sequence, chain_hash = EXCLUDED.chain_hash, updated_at = now()")) {
            st.setArray(1, c.createArrayOf("varchar", agents));
            st.setArray(2, c.createArrayOf("bigint", sequences));
            st.setArray(3, c.createArrayOf("varchar", hashes));
            st.executeUpdate();
        }
    }

    private static Map<UUID, AuditLink> existingLinks(Connection c, List<UUID> eventIds) throws SQLException {
        Map<UUID, AuditLink> links = new HashMap<>();
        if (eventIds.isEmpty()) {
            return links;
        }
        try (PreparedStatement st = c.prepareStatement("SELECT l.agent_id, l.sequence, l.event_id, l.query_hash, "
                + "l.response_hash, l.event_hash, l.prev_hash, l.chain_hash FROM unnest(?::uuid[]) AS r (event_id) "
                + "JOIN audit_links l ON l.event_id = r.event_id")) {
            st.setArray(1, c.createArrayOf("uuid", eventIds.toArray()));
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    AuditLink link = LinkRows.link(rs);
                    links.put(UUID.fromString(link.eventId()), link);
                }
            }
        }
        return links;
    }
}
