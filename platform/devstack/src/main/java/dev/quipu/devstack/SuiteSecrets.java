package dev.quipu.devstack;

import dev.quipu.contracts.pricebook.Service;
import dev.quipu.internalauth.SuiteKeys;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * The credentials of one suite, made on the first {@code ./quipu up} (or {@code ./quipu secrets}) and
 * kept in {@code .quipu/}: the internal-auth keys ({@code keys/}) and {@code secrets.env}, random
 * values for every password, token and salt the suite would otherwise take a development default for.
 * The devstack passes them to its services; {@code docker compose --env-file .quipu/secrets.env}
 * reads the same file. Existing values are never replaced.
 */
public final class SuiteSecrets {

    public static final String FILE = "secrets.env";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Map<String, String> values;
    private final Path keysDir;
    private final Path publicKeys;

    private SuiteSecrets(Map<String, String> values, Path keysDir, Path publicKeys) {
        this.values = values;
        this.keysDir = keysDir;
        this.publicKeys = publicKeys;
    }

    /** Reads the suite's secrets under {@code home}, making whatever is missing. */
    public static SuiteSecrets ensure(Path home) {
        Path keys = home.resolve("keys");
        Path publicKeys = SuiteKeys.ensure(keys, ServiceEnvironment.identities());
        Path file = home.resolve(FILE);
        try {
            Map<String, String> values = read(file);
            boolean added = false;
            for (String name : names()) {
                if (!values.containsKey(name)) {
                    values.put(name, name.equals("KAFKA_CLUSTER_ID") ? clusterId() : random());
                    added = true;
                }
            }
            if (added || !Files.exists(file)) {
                write(file, values);
            }
            return new SuiteSecrets(values, keys, publicKeys);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep the suite's secrets in " + file, e);
        }
    }

    /** Every value the file holds: passwords (the server's and one per service's database user), the operator's token and the salts. */
    static Iterable<String> names() {
        java.util.List<String> names = new java.util.ArrayList<>(java.util.List.of("POSTGRES_PASSWORD",
                "QUIPU_OPERATOR_TOKEN", "QUIPU_GATEWAY_IDENTITY_SALT", "QUIPU_PAYMENTS_IP_SALT", "KAFKA_CLUSTER_ID"));
        for (Service s : Service.backends()) {
            names.add(databasePasswordVariable(s));
        }
        for (String principal : dev.quipu.contracts.events.TopicAccess.principals()) {
            names.add(kafkaPasswordVariable(principal));
        }
        return names;
    }

    /** {@code QUIPU_DB_PASSWORD_SANCTIONS}: the password of sanctions-service's own database user in compose. */
    public static String databasePasswordVariable(Service service) {
        return "QUIPU_DB_PASSWORD_" + service.shortName().toUpperCase(Locale.ROOT);
    }

    /** {@code KAFKA_PASSWORD_PAYMENT_SERVICE}: the SCRAM password of a principal of the broker. */
    public static String kafkaPasswordVariable(String principal) {
        return "KAFKA_PASSWORD_" + principal.toUpperCase(Locale.ROOT).replace('-', '_');
    }

    public String get(String name) {
        return values.get(name);
    }

    public Path keysDir() {
        return keysDir;
    }

    public Path publicKeys() {
        return publicKeys;
    }

    private static Map<String, String> read(Path file) throws IOException {
        Map<String, String> values = new LinkedHashMap<>();
        if (Files.exists(file)) {
            Properties p = new Properties();
            try (var in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                p.load(in);
            }
            p.stringPropertyNames().stream().sorted().forEach(k -> values.put(k, p.getProperty(k)));
        }
        return values;
    }

    private static void write(Path file, Map<String, String> values) throws IOException {
        StringBuilder text = new StringBuilder("# Made by ./quipu (SuiteSecrets) for this suite only; never commit it.\n"
                + "# docker compose --env-file .quipu/secrets.env up   reads the same values.\n");
        values.forEach((k, v) -> text.append(k).append('=').append(v).append('\n'));
        Files.createDirectories(file.getParent());
        SuiteKeys.writeOwnerOnly(file, text.toString());
    }

    /** 32 random bytes, URL-safe base64: no character a shell, a URL or a JDBC string would trip on. */
    private static String random() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** A KRaft cluster id: 16 random bytes, URL-safe base64 (22 characters). */
    private static String clusterId() {
        byte[] bytes = new byte[16];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** {@code ./quipu secrets}: makes what is missing and says where it is. */
    public static void main(String[] args) {
        Path home = Path.of(args.length > 0 ? args[0] : ".quipu").toAbsolutePath();
        SuiteSecrets secrets = ensure(home);
        System.out.println("quipu: internal-auth keys in " + secrets.keysDir());
        System.out.println("quipu: passwords, operator token and salts in " + home.resolve(FILE));
    }
}
