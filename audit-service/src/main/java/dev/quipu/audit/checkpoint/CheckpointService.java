package dev.quipu.audit.checkpoint;

import dev.quipu.audit.checkpoint.timestamp.TimestampClient;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.jdbc.DataSourceResolver;
import io.micronaut.json.JsonMapper;
import io.micronaut.scheduling.annotation.Scheduled;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.sql.DataSource;
import java.io.IOException;
import java.security.PublicKey;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Takes signed checkpoints: the Merkle root over every chain head at one moment, signed with
 * Ed25519. A chain rewritten after a checkpoint no longer contains the head the checkpoint names,
 * which {@link #verify(long)} reports.
 */
@Singleton
public class CheckpointService {

    private static final Logger LOG = LoggerFactory.getLogger(CheckpointService.class);

    private final DataSource dataSource;
    private final CheckpointSigner signer;
    private final JsonMapper json;
    private final Clock clock = Clock.systemUTC();
    private final TimestampClient tsa;
    /** true after a time-stamping pass failed, until one succeeds: the failure is logged once, not every pass */
    private volatile boolean tsaFailing;

    /** How many untimestamped checkpoints, newest first, one retry pass asks the TSAs for. */
    static final int RETRY_BATCH = 20;

    private static final String COLUMNS = "checkpoint_id, created_at, head_count, merkle_root, key_id, signature, heads, "
            + "timestamp_token, timestamp_url, timestamp_gen_time";

    public CheckpointService(DataSource dataSource, DataSourceResolver resolver, CheckpointSigner signer, JsonMapper json,
                             TimestampClient tsa) {
        this.dataSource = resolver.resolve(dataSource);
        this.signer = signer;
        this.json = json;
        this.tsa = tsa;
    }

    /**
     * One checkpoint. {@code timestampToken} is the base64 DER RFC 3161 token over SHA-256 of
     * {@code signedStatement}, {@code timestampUrl} the TSA that gave it and {@code genTime} the time it
     * states; the three are served for one checkpoint only, {@code timestamped} always.
     */
    @Serdeable(naming = SnakeCaseStrategy.class)
    public record Checkpoint(long checkpointId, String createdAt, int headCount, String merkleRoot, String keyId,
                             String signature, String signedStatement, @Nullable List<MerkleRoot.HeadLeaf> heads,
                             boolean timestamped, @Nullable String timestampToken, @Nullable String timestampUrl,
                             @Nullable String genTime) {

        Checkpoint withStamp(TimestampClient.Stamp stamp) {
            return new Checkpoint(checkpointId, createdAt, headCount, merkleRoot, keyId, signature, signedStatement, heads, true,
                    java.util.Base64.getEncoder().encodeToString(stamp.token()), stamp.url(), stamp.genTime().toString());
        }
    }

    @Serdeable(naming = SnakeCaseStrategy.class)
    public record Verification(long checkpointId, boolean signatureValid, boolean merkleRootValid, boolean chainsIntact,
                               List<String> rewrittenAgents) {
    }

    @Scheduled(fixedDelay = "${quipu.audit.checkpoint.interval:5m}", initialDelay = "30s")
    void periodically() {
        try {
            takeIfChanged();
        } catch (SQLException | IOException | RuntimeException e) {
            LOG.warn("checkpoint not taken: {}", e.getMessage());
        }
        try {
            stampPending();
        } catch (SQLException | RuntimeException e) {
            LOG.warn("checkpoint time-stamp retry failed: {}", e.getMessage());
        }
    }

    /**
     * The retry pass (run after every scheduled checkpoint): asks the TSAs for a token for each checkpoint
     * that has none, newest first, at most {@link #RETRY_BATCH}; stops at the first that gets none.
     *
     * @return how many checkpoints got a token
     */
    public int stampPending() throws SQLException {
        if (!tsa.enabled()) {
            return 0;
        }
        List<Checkpoint> pending = new ArrayList<>();
        try (Connection c = dataSource.getConnection();
             PreparedStatement st = c.prepareStatement("SELECT " + COLUMNS + " FROM checkpoints WHERE timestamp_token IS NULL "
                     + "ORDER BY checkpoint_id DESC LIMIT ?")) {
            st.setInt(1, RETRY_BATCH);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    pending.add(read(rs, false));
                }
            }
        }
        int stamped = 0;
        for (Checkpoint cp : pending) {
            if (stamp(cp).timestamped()) {
                stamped++;
            } else {
                break;
            }
        }
        return stamped;
    }

    /**
     * Asks the TSAs for a token over the checkpoint's statement and keeps it. A failure never undoes the
     * checkpoint: it stays untimestamped for the retry pass, and is logged once until a TSA answers again.
     */
    private Checkpoint stamp(Checkpoint cp) throws SQLException {
        if (!tsa.enabled()) {
            return cp;
        }
        TimestampClient.Stamp stamp;
        try {
            stamp = tsa.stamp(cp.signedStatement());
        } catch (TimestampClient.TimestampFailure e) {
            if (!tsaFailing) {
                tsaFailing = true;
                LOG.warn("checkpoint {} not time-stamped, retried every checkpoint interval until a TSA answers: {}", cp.checkpointId(), e.getMessage());
            } else {
                LOG.debug("checkpoint {} not time-stamped: {}", cp.checkpointId(), e.getMessage());
            }
            return cp;
        }
        if (tsaFailing) {
            tsaFailing = false;
            LOG.info("checkpoints are time-stamped again ({})", stamp.url());
        }
        try (Connection c = dataSource.getConnection();
             PreparedStatement st = c.prepareStatement("UPDATE checkpoints SET timestamp_token = ?, timestamp_url = ?, "
                     + "timestamp_gen_time = ? WHERE checkpoint_id = ? AND timestamp_token IS NULL")) {
            st.setBytes(1, stamp.token());
            st.setString(2, stamp.url());
            st.setTimestamp(3, Timestamp.from(stamp.genTime()));
            st.setLong(4, cp.checkpointId());
            st.executeUpdate();
        }
        return cp.withStamp(stamp);
    }

    /** Takes a checkpoint when some head moved since the latest one. */
    public synchronized Optional<Checkpoint> takeIfChanged() throws SQLException, IOException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            Checkpoint taken;
            try {
                // a consistent snapshot of all heads, and one checkpoint writer at a time across instances
                try (Statement st = c.createStatement()) {
                    st.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
                    st.execute("SELECT pg_advisory_xact_lock(8086)");
                }
                List<MerkleRoot.HeadLeaf> heads = heads(c);
                String root = MerkleRoot.of(heads);
                Optional<Checkpoint> latest = latest(c, false);
                if (latest.isPresent() && latest.get().merkleRoot().equals(root)) {
                    c.commit();
                    return Optional.empty();
                }
                long id;
                try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT nextval('checkpoints_checkpoint_id_seq')")) {
                    rs.next();
                    id = rs.getLong(1);
                }
                Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
                String statement = MerkleRoot.statement(id, now.toString(), heads.size(), root);
                String signature = signer.sign(statement);
                try (PreparedStatement st = c.prepareStatement("INSERT INTO checkpoints (checkpoint_id, created_at, head_count, "
                        + "merkle_root, heads, key_id, signature) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
                    st.setLong(1, id);
                    st.setTimestamp(2, Timestamp.from(now));
                    st.setInt(3, heads.size());
                    st.setString(4, root);
                    st.setString(5, json.writeValueAsString(heads));
                    st.setString(6, signer.keyId());
                    st.setString(7, signature);
                    st.executeUpdate();
                }
                c.commit();
                taken = new Checkpoint(id, now.toString(), heads.size(), root, signer.keyId(), signature, statement, heads,
                        false, null, null, null);
            } catch (SQLException | IOException | RuntimeException e) {
                c.rollback();
                throw e;
            }
            // after the commit, outside the checkpoint lock: a slow or absent TSA holds up nothing
            return Optional.of(stamp(taken));
        }
    }

    public Optional<Checkpoint> latest() throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            return latest(c, false);
        }
    }

    public Optional<Checkpoint> find(long id) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement st = c.prepareStatement("SELECT " + COLUMNS + " FROM checkpoints WHERE checkpoint_id = ?")) {
            st.setLong(1, id);
            try (ResultSet rs = st.executeQuery()) {
                return rs.next() ? Optional.of(read(rs, true)) : Optional.empty();
            }
        }
    }

    public List<Checkpoint> recent(int limit) throws SQLException {
        List<Checkpoint> list = new ArrayList<>();
        try (Connection c = dataSource.getConnection();
             PreparedStatement st = c.prepareStatement("SELECT " + COLUMNS + " FROM checkpoints ORDER BY checkpoint_id DESC LIMIT ?")) {
            st.setInt(1, limit);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    list.add(read(rs, false));
                }
            }
        }
        return list;
    }

    /** Checks a checkpoint's signature and root, and that every chain still holds the head it names. */
    public Optional<Verification> verify(long id) throws SQLException {
        Optional<Checkpoint> found = find(id);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        Checkpoint cp = found.get();
        PublicKey key = signer.publicKey();
        boolean signatureValid = signer.keyId().equals(cp.keyId()) && CheckpointSigner.verify(key, cp.signedStatement(), cp.signature());
        boolean rootValid = MerkleRoot.of(cp.heads()).equals(cp.merkleRoot()) && cp.heads().size() == cp.headCount();
        List<String> rewritten = new ArrayList<>();
        try (Connection c = dataSource.getConnection();
             PreparedStatement st = c.prepareStatement("SELECT chain_hash FROM audit_links WHERE agent_id = ? AND sequence = ?")) {
            for (MerkleRoot.HeadLeaf head : cp.heads()) {
                st.setString(1, head.agentId());
                st.setLong(2, head.sequence());
                try (ResultSet rs = st.executeQuery()) {
                    if (!rs.next() || !head.chainHash().equals(rs.getString(1))) {
                        rewritten.add(head.agentId());
                    }
                }
            }
        }
        return Optional.of(new Verification(id, signatureValid, rootValid, rewritten.isEmpty(), rewritten));
    }

    private static List<MerkleRoot.HeadLeaf> heads(Connection c) throws SQLException {
        List<MerkleRoot.HeadLeaf> heads = new ArrayList<>();
        try (Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT agent_id, sequence, chain_hash FROM chain_heads ORDER BY agent_id COLLATE \"C\"")) {
            while (rs.next()) {
                heads.add(new MerkleRoot.HeadLeaf(rs.getString(1), rs.getLong(2), rs.getString(3)));
            }
        }
        return heads;
    }

    private Optional<Checkpoint> latest(Connection c, boolean withHeads) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("SELECT " + COLUMNS + " FROM checkpoints ORDER BY checkpoint_id DESC LIMIT 1");
             ResultSet rs = st.executeQuery()) {
            return rs.next() ? Optional.of(read(rs, withHeads)) : Optional.empty();
        }
    }

    private Checkpoint read(ResultSet rs, boolean withHeads) throws SQLException {
        long id = rs.getLong(1);
        String createdAt = rs.getTimestamp(2).toInstant().toString();
        int count = rs.getInt(3);
        String root = rs.getString(4);
        List<MerkleRoot.HeadLeaf> heads = null;
        if (withHeads) {
            try {
                heads = List.of(json.readValue(rs.getString(7), MerkleRoot.HeadLeaf[].class));
            } catch (IOException e) {
                throw new SQLException("unreadable checkpoint heads", e);
            }
        }
        byte[] token = rs.getBytes(8);
        Timestamp genTime = rs.getTimestamp(10);
        return new Checkpoint(id, createdAt, count, root, rs.getString(5), rs.getString(6),
                MerkleRoot.statement(id, createdAt, count, root), heads, token != null,
                withHeads && token != null ? java.util.Base64.getEncoder().encodeToString(token) : null,
                withHeads ? rs.getString(9) : null, withHeads && genTime != null ? genTime.toInstant().toString() : null);
    }
}
