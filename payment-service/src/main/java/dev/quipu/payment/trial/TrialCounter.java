package dev.quipu.payment.trial;

import dev.quipu.payment.PaymentsConfig;
import jakarta.inject.Singleton;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.UUID;

/**
 * Trial calls: {@code trialCalls} per endpoint per client address per rolling {@code trialWindow},
 * counted atomically in PostgreSQL (a transaction-scoped advisory lock per endpoint and address, so
 * concurrent requests on any instance cannot both take the last slot). The address is stored only
 * as a salted SHA-256.
 */
@Singleton
public class TrialCounter {

    private final PaymentsConfig config;
    private final Clock clock;

    public TrialCounter(PaymentsConfig config, Clock clock) {
        this.config = config;
        this.clock = clock;
    }

    /** A slot taken ({@code trialId} set) or refused with how long until the oldest slot frees up. */
    public record Outcome(UUID trialId, Duration retryAfter, int used) {
        public boolean granted() {
            return trialId != null;
        }
    }

    public Outcome consume(Connection c, String endpoint, String clientIp) throws SQLException {
        String client = hash(clientIp);
        Instant now = clock.instant();
        Instant windowStart = now.minus(config.trialWindow());
        try (PreparedStatement lock = c.prepareStatement("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))")) {
            lock.setString(1, "trial|" + endpoint + "|" + client);
            lock.execute();
        }
        try (PreparedStatement st = c.prepareStatement("SELECT count(*), min(used_at) FROM trial_uses "
                + "WHERE endpoint = ? AND client_hash = ? AND used_at > ?")) {
            st.setString(1, endpoint);
            st.setString(2, client);
            st.setTimestamp(3, Timestamp.from(windowStart));
            try (ResultSet rs = st.executeQuery()) {
                rs.next();
                int used = rs.getInt(1);
                if (used >= config.trialCalls()) {
                    Instant oldest = rs.getTimestamp(2).toInstant();
                    Duration wait = Duration.between(now, oldest.plus(config.trialWindow()));
                    return new Outcome(null, wait.isNegative() ? Duration.ofSeconds(1) : wait, used);
                }
                UUID id = UUID.randomUUID();
                try (PreparedStatement ins = c.prepareStatement(
                        "INSERT INTO trial_uses (trial_id, endpoint, client_hash, used_at) VALUES (?, ?, ?, ?)")) {
                    ins.setObject(1, id);
                    ins.setString(2, endpoint);
                    ins.setString(3, client);
                    ins.setTimestamp(4, Timestamp.from(now));
                    ins.executeUpdate();
                }
                return new Outcome(id, Duration.ZERO, used + 1);
            }
        }
    }

    /** The call succeeded: the slot stays used. Returns false if the slot is unknown. */
    public boolean complete(Connection c, UUID trialId) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("UPDATE trial_uses SET completed = true WHERE trial_id = ?")) {
            st.setObject(1, trialId);
            return st.executeUpdate() == 1;
        }
    }

    /** The call failed (backend error): the slot is given back. */
    public void release(Connection c, UUID trialId) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("DELETE FROM trial_uses WHERE trial_id = ? AND NOT completed")) {
            st.setObject(1, trialId);
            st.executeUpdate();
        }
    }

    private String hash(String clientIp) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(config.ipSalt().getBytes(StandardCharsets.UTF_8));
            sha.update((byte) '|');
            return HexFormat.of().formatHex(sha.digest(String.valueOf(clientIp).getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
