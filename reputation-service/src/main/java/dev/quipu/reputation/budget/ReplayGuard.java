package dev.quipu.reputation.budget;

import io.micronaut.jdbc.DataSourceResolver;
import jakarta.inject.Singleton;

import javax.sql.DataSource;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.HexFormat;
import java.util.Locale;

/** Remembers every wallet signature that set a budget, so that none works twice. */
@Singleton
public class ReplayGuard {

    private final DataSource dataSource;

    public ReplayGuard(DataSource dataSource, DataSourceResolver resolver) {
        this.dataSource = resolver.resolve(dataSource);
    }

    /** @return true the first time this signature is seen */
    public boolean firstUse(String signatureHex, String agentId) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement st = c.prepareStatement("INSERT INTO budget_signatures (signature_hash, agent_id) "
                     + "VALUES (?, ?) ON CONFLICT (signature_hash) DO NOTHING")) {
            st.setString(1, hash(signatureHex.toLowerCase(Locale.ROOT)));
            st.setString(2, agentId);
            return st.executeUpdate() == 1;
        }
    }

    private static String hash(String s) {
        try {
            return "sha256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
