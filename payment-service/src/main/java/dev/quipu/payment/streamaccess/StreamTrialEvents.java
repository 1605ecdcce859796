package dev.quipu.payment.streamaccess;

import dev.quipu.payment.PaymentsConfig;
import io.micronaut.jdbc.DataSourceResolver;
import jakarta.inject.Singleton;

import javax.sql.DataSource;
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
 * Free events of the rates stream: {@code events} per client address per rolling {@code window},
 * counted atomically in PostgreSQL. A transaction-scoped advisory lock per address serialises the
 * count-then-insert, so streams of one address on any number of gateway instances can never take
 * more than the limit together.
 */
@Singleton
public class StreamTrialEvents {

    private final DataSource dataSource;
    private final StreamTrialConfig trial;
    private final PaymentsConfig payments;
    private final Clock clock;

    public StreamTrialEvents(DataSource dataSource, DataSourceResolver resolver, StreamTrialConfig trial,
                             PaymentsConfig payments, Clock clock) {
        this.dataSource = resolver.resolve(dataSource);
        this.trial = trial;
        this.payments = payments;
        this.clock = clock;
    }

    /**
     * @param used         events of this address in the window, including this one when granted
     * @param retryAfter   when refused: until the oldest event of the window leaves it
     */
    public record Slot(boolean granted, int used, int limit, Duration retryAfter, Duration window) {
    }

    public Slot take(String clientIp) throws SQLException {
        String client = hash(clientIp);
        Instant now = clock.instant();
        try (Connection c = dataSource.getConnection()) {
            boolean autoCommit = c.getAutoCommit();
            c.setAutoCommit(false);
            try {
                Slot slot = take(c, client, now);
                c.commit();
                return slot;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(autoCommit);
            }
        }
    }

    private Slot take(Connection c, String client, Instant now) throws SQLException {
        try (PreparedStatement lock = c.prepareStatement("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))")) {
            lock.setString(1, "stream-trial|" + client);
            lock.execute();
        }
        try (PreparedStatement st = c.prepareStatement("SELECT count(*), min(used_at) FROM stream_trial_events "
                + "WHERE client_hash = ? AND used_at > ?")) {
            st.setString(1, client);
            st.setTimestamp(2, Timestamp.from(now.minus(trial.window())));
            try (ResultSet rs = st.executeQuery()) {
                rs.next();
                int used = rs.getInt(1);
                if (used >= trial.events()) {
                    Duration wait = Duration.between(now, rs.getTimestamp(2).toInstant().plus(trial.window()));
                    return new Slot(false, used, trial.events(), wait.isNegative() ? Duration.ofSeconds(1) : wait,
                            trial.window());
                }
                try (PreparedStatement ins = c.prepareStatement(
                        "INSERT INTO stream_trial_events (event_id, client_hash, used_at) VALUES (?, ?, ?)")) {
                    ins.setObject(1, UUID.randomUUID());
                    ins.setString(2, client);
                    ins.setTimestamp(3, Timestamp.from(now));
                    ins.executeUpdate();
                }
                return new Slot(true, used + 1, trial.events(), Duration.ZERO, trial.window());
            }
        }
    }

    /** Same salted hash as the trial calls (payments' ip-salt), never the address itself. */
    private String hash(String clientIp) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(payments.ipSalt().getBytes(StandardCharsets.UTF_8));
            sha.update((byte) '|');
            return HexFormat.of().formatHex(sha.digest(String.valueOf(clientIp).getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
