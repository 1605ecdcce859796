package dev.quipu.audit.checkpoint;

import dev.quipu.audit.chain.AuditHashes;
import io.micronaut.jdbc.DataSourceResolver;
import jakarta.inject.Singleton;

import javax.sql.DataSource;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Base64;

/** Signs checkpoint statements with Ed25519 (JDK 15+ built in). */
@Singleton
public class CheckpointSigner {

    private final PrivateKey privateKey;
    private final PublicKey publicKey;
    private final String keyId;

    public CheckpointSigner(CheckpointConfig config, DataSource dataSource, DataSourceResolver resolver)
            throws GeneralSecurityException, SQLException {
        KeyPair pair = config.privateKey() != null && !config.privateKey().isBlank()
                ? fromConfig(config.privateKey()) : stored(resolver.resolve(dataSource));
        this.privateKey = pair.getPrivate();
        this.publicKey = pair.getPublic();
        this.keyId = keyId(publicKey);
    }

    /** {@code sha256:} of the X.509 public key bytes: names the key in every checkpoint. */
    public static String keyId(PublicKey key) {
        return AuditHashes.h(Base64.getEncoder().encodeToString(key.getEncoded()));
    }

    public String keyId() {
        return keyId;
    }

    public PublicKey publicKey() {
        return publicKey;
    }

    public String publicKeyPem() {
        return "-----BEGIN PUBLIC KEY-----\n" + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(publicKey.getEncoded()) + "\n-----END PUBLIC KEY-----\n";
    }

    public String sign(String statement) {
        try {
            Signature s = Signature.getInstance("Ed25519");
            s.initSign(privateKey);
            s.update(statement.getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(s.sign());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Ed25519 signing failed", e);
        }
    }

    public static boolean verify(PublicKey key, String statement, String signatureBase64) {
        try {
            Signature s = Signature.getInstance("Ed25519");
            s.initVerify(key);
            s.update(statement.getBytes(StandardCharsets.UTF_8));
            return s.verify(Base64.getDecoder().decode(signatureBase64));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            return false;
        }
    }

    public static PublicKey publicKey(String x509Base64) throws GeneralSecurityException {
        return KeyFactory.getInstance("Ed25519").generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(x509Base64)));
    }

    /** {@code <pkcs8 private key base64>:<x509 public key base64>}, as {@code QUIPU_AUDIT_SIGNING_KEY}. */
    private static KeyPair fromConfig(String configured) throws GeneralSecurityException {
        String[] parts = configured.strip().split(":");
        if (parts.length != 2) {
            throw new GeneralSecurityException("QUIPU_AUDIT_SIGNING_KEY must be '<pkcs8 base64>:<x509 public key base64>'");
        }
        KeyFactory kf = KeyFactory.getInstance("Ed25519");
        KeyPair pair = new KeyPair(kf.generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(parts[1]))),
                kf.generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(parts[0]))));
        Signature s = Signature.getInstance("Ed25519");
        s.initSign(pair.getPrivate());
        s.update(new byte[] {1});
        byte[] probe = s.sign();
        if (!verify(pair.getPublic(), "\u0001", Base64.getEncoder().encodeToString(probe))) {
            throw new GeneralSecurityException("QUIPU_AUDIT_SIGNING_KEY: the public key does not belong to the private key");
        }
        return pair;
    }

    private static KeyPair stored(DataSource ds) throws GeneralSecurityException, SQLException {
        KeyFactory kf = KeyFactory.getInstance("Ed25519");
        try (Connection c = ds.getConnection()) {
            try (PreparedStatement st = c.prepareStatement("SELECT private_key, public_key FROM signing_keys ORDER BY created_at, key_id LIMIT 1");
                 ResultSet rs = st.executeQuery()) {
                if (rs.next()) {
                    return new KeyPair(kf.generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(rs.getString(2)))),
                            kf.generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(rs.getString(1)))));
                }
            }
            KeyPair pair = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
            try (PreparedStatement st = c.prepareStatement("INSERT INTO signing_keys (key_id, private_key, public_key) "
                    + "VALUES (?, ?, ?) ON CONFLICT DO NOTHING")) {
                st.setString(1, keyId(pair.getPublic()));
                st.setString(2, Base64.getEncoder().encodeToString(pair.getPrivate().getEncoded()));
                st.setString(3, Base64.getEncoder().encodeToString(pair.getPublic().getEncoded()));
                st.executeUpdate();
            }
            // two instances starting at once: the first stored key wins for both
            return stored(ds);
        }
    }
}
