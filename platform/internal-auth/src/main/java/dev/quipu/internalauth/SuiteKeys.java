package dev.quipu.internalauth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.text.ParseException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;

/**
 * The suite's key material in one directory: a private P-256 key per identity ({@code <identity>.jwk},
 * readable by its owner only) and the public set of all of them ({@code jwks.json}) that every backend
 * checks tokens against. Each process is given only its own private key, so a service can never sign
 * as another one (a token's {@code kid} names the key, and {@link CallerIdentity} requires the issuer
 * to be that same identity).
 */
public final class SuiteKeys {

    /** The public key set's file name. */
    public static final String PUBLIC_SET = "jwks.json";
    /** The identity of people running the suite: `./quipu internal-header` signs as it. */
    public static final String OPERATOR = "operator";

    private SuiteKeys() {
    }

    /** The file holding {@code identity}'s private key inside {@code dir}. */
    public static Path privateKeyFile(Path dir, String identity) {
        return dir.resolve(identity + ".jwk");
    }

    /**
     * Makes sure {@code dir} holds a private key for each identity and a public set of every private
     * key present; keys that exist are kept, so tokens and restarts survive a second `quipu up`.
     *
     * @return the public set's file
     */
    public static Path ensure(Path dir, Collection<String> identities) {
        try {
            Files.createDirectories(dir);
            restrict(dir, "rwx------");
            for (String identity : new TreeSet<>(identities)) {
                Path file = privateKeyFile(dir, identity);
                if (!Files.exists(file)) {
                    writeOwnerOnly(file, generate(identity).toJSONString());
                }
            }
            List<JWK> publicKeys = new ArrayList<>();
            try (var files = Files.list(dir)) {
                for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".jwk")).sorted().toList()) {
                    publicKeys.add(readPrivate(file).toPublicJWK());
                }
            }
            Path set = dir.resolve(PUBLIC_SET);
            writeOwnerOnly(set, new JWKSet(publicKeys).toString(true));
            return set;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the suite's keys in " + dir, e);
        }
    }

    /** A new signing key for {@code identity}; its key id is the identity. */
    public static ECKey generate(String identity) {
        try {
            return new ECKeyGenerator(Curve.P_256).keyID(identity).keyUse(KeyUse.SIGNATURE).generate();
        } catch (JOSEException e) {
            throw new IllegalStateException("P-256 key generation is part of every JDK", e);
        }
    }

    public static ECKey readPrivate(Path file) throws IOException {
        return parsePrivate(Files.readString(file, StandardCharsets.UTF_8), file.toString());
    }

    /** A private EC key with a key id from its JWK text; {@code where} names it in errors. */
    public static ECKey parsePrivate(String json, String where) {
        try {
            JWK jwk = JWK.parse(json);
            if (!(jwk instanceof ECKey ec) || !ec.isPrivate() || ec.getKeyID() == null) {
                throw new IllegalArgumentException(where + " is not a private EC key with a key id");
            }
            return ec;
        } catch (ParseException e) {
            throw new IllegalArgumentException(where + " is not a JWK: " + e.getMessage(), e);
        }
    }

    /**
     * Writes {@code content} to {@code file} readable by its owner only, replacing it atomically, so
     * no reader ever sees half a key or a moment of wider permissions.
     */
    public static void writeOwnerOnly(Path file, String content) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, content, StandardCharsets.UTF_8);
        restrict(tmp, "rw-------");
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    private static void restrict(Path path, String permissions) throws IOException {
        if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(permissions));
        }
    }
}
