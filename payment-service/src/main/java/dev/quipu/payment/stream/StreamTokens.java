package dev.quipu.payment.stream;

import dev.quipu.payment.PaymentsConfig;
import io.micronaut.jdbc.DataSourceResolver;
import jakarta.inject.Singleton;

import javax.sql.DataSource;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Single-use stream tokens, bound to a country and valid {@code streamTokenTtl} (5 minutes). Only
 * a SHA-256 of each token is stored; consumption is one conditional UPDATE, so a token opens at
 * most one stream however many instances try at once.
 */
@Singleton
public class StreamTokens {

    private final DataSource dataSource;
    private final PaymentsConfig config;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    public StreamTokens(DataSource dataSource, DataSourceResolver resolver, PaymentsConfig config, Clock clock) {
        this.dataSource = resolver.resolve(dataSource);
        this.config = config;
        this.clock = clock;
    }

    public record Minted(String token, String country, Instant expiresAt) {
    }

    /** Why a token did not open a stream. */
    public enum Refusal { UNKNOWN, USED, EXPIRED, WRONG_COUNTRY }

    public record Consumed(String country, Instant expiresAt, Refusal refusal) {
        public boolean ok() {
            return refusal == null;
        }
    }

    public Minted mint(String country) throws SQLException {
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        String token = "st_" + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        Instant expires = clock.instant().plus(config.streamTokenTtl());
        try (Connection c = dataSource.getConnection();
             PreparedStatement st = c.prepareStatement(
                     "INSERT INTO stream_tokens (token_hash, country, expires_at) VALUES (?, ?, ?)")) {
            st.setString(1, hash(token));
            st.setString(2, country);
            st.setTimestamp(3, Timestamp.from(expires));
            st.executeUpdate();
        }
        return new Minted(token, country, expires);
    }

    public Consumed consume(String token, String country) throws SQLException {
        String hash = hash(token);
        Instant now = clock.instant();
        try (Connection c = dataSource.getConnection()) {
            try (PreparedStatement st = c.prepareStatement("UPDATE stream_tokens SET consumed_at = ? WHERE token_hash = ? "
                    + "AND consumed_at IS NULL AND expires_at > ? AND country = ? RETURNING country, expires_at")) {
                st.setTimestamp(1, Timestamp.from(now));
                st.setString(2, hash);
                st.setTimestamp(3, Timestamp.from(now));
                st.setString(4, country);
                try (ResultSet rs = st.executeQuery()) {
                    if (rs.next()) {
                        return new Consumed(rs.getString(1), rs.getTimestamp(2).toInstant(), null);
                    }
                }
            }
            try (PreparedStatement st = c.prepareStatement(
                    "SELECT country, expires_at, consumed_at FROM stream_tokens WHERE token_hash = ?")) {
                st.setString(1, hash);
                try (ResultSet rs = st.executeQuery()) {
                    if (!rs.next()) {
                        return new Consumed(null, null, Refusal.UNKNOWN);
                    }
                    Instant expires = rs.getTimestamp(2).toInstant();
                    Refusal why = rs.getTimestamp(3) != null ? Refusal.USED
                            : !expires.isAfter(now) ? Refusal.EXPIRED : Refusal.WRONG_COUNTRY;
                    return new Consumed(rs.getString(1), expires, why);
                }
            }
        }
    }

    private static String hash(String token) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
