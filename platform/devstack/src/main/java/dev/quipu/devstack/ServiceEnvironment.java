package dev.quipu.devstack;

import dev.quipu.contracts.pricebook.Service;
import dev.quipu.internalauth.SuiteKeys;
import dev.quipu.testkit.EmbeddedDatabase;
import dev.quipu.testkit.KafkaAccessControl;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The environment variables a service process gets: the same names its {@code application.yml}
 * placeholders read, so the devstack configures a service exactly as docker-compose or any other
 * deployment would.
 */
public final class ServiceEnvironment {

    private ServiceEnvironment() {
    }

    /**
     * @param service          the service to configure
     * @param ports            the HTTP port of every service (resolved, no 0)
     * @param bootstrapServers the broker, {@code host:port}
     * @param postgresPort     the database server's port
     */
    public static Map<String, String> of(Service service, Map<Service, Integer> ports, String bootstrapServers,
                                         int postgresPort) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("MICRONAUT_SERVER_PORT", String.valueOf(ports.get(service)));
        // only the gateway faces callers (docs/security.md): it listens where the operator says, every
        // backend on loopback, as the broker and the database do
        env.put("MICRONAUT_SERVER_HOST", service == Service.GATEWAY
                ? System.getenv().getOrDefault("QUIPU_GATEWAY_HOST", "0.0.0.0")
                : System.getenv().getOrDefault("QUIPU_BACKEND_HOST", "127.0.0.1"));
        env.put("KAFKA_BOOTSTRAP_SERVERS", bootstrapServers);
        if (service != Service.GATEWAY) { // the gateway keeps no database
            env.put("DATASOURCES_DEFAULT_URL", jdbcUrl(postgresPort, databaseName(service)));
            env.put("DATASOURCES_DEFAULT_USERNAME", EmbeddedDatabase.USER);
            env.put("DATASOURCES_DEFAULT_PASSWORD", EmbeddedDatabase.PASSWORD);
        }
        for (Service backend : Service.backends()) {
            String upper = backend.shortName().toUpperCase(Locale.ROOT);
            String url = "http://127.0.0.1:" + ports.get(backend);
            if (service == Service.GATEWAY) {
                env.put("QUIPU_GATEWAY_SERVICES_" + upper + "_URL", url);
            } else if (backend != service) {
                // quipu.services.<short>.url: where a service finds another one (report-service calls
                // sanctions and registry), so the suite also works on non-default ports.
                env.put("QUIPU_SERVICES_" + upper + "_URL", url);
            }
        }
        return env;
    }

    /**
     * The internal-auth settings of {@code service}: the suite's public key set, and its own private
     * key only (docs/security.md).
     */
    public static Map<String, String> credentials(Service service, SuiteSecrets secrets) {
        return Map.of("QUIPU_INTERNAL_AUTH_JWKS", "file:" + secrets.publicKeys().toAbsolutePath(),
                "QUIPU_INTERNAL_AUTH_KEY", SuiteKeys.privateKeyFile(secrets.keysDir(), service.moduleName()).toAbsolutePath().toString());
    }

    /**
     * The suite's generated secrets that {@code service} reads, unless the operator's own environment
     * sets them (then the child process inherits that value).
     */
    public static Map<String, String> secrets(Service service, SuiteSecrets secrets) {
        Map<String, String> env = new LinkedHashMap<>(kafkaCredentials(service.moduleName(), secrets));
        List<String> names = switch (service) {
            case GATEWAY -> List.of("QUIPU_GATEWAY_IDENTITY_SALT");
            case PAYMENT -> List.of("QUIPU_PAYMENTS_IP_SALT");
            case REPUTATION -> List.of("QUIPU_OPERATOR_TOKEN");
            default -> List.of();
        };
        for (String name : names) {
            if (System.getenv(name) == null) {
                env.put(name, secrets.get(name));
            }
        }
        return env;
    }

    /** How {@code principal} authenticates to the devstack's broker: SCRAM-SHA-512 with its own password. */
    public static Map<String, String> kafkaCredentials(String principal, SuiteSecrets secrets) {
        return Map.of("KAFKA_SECURITY_PROTOCOL", "SASL_PLAINTEXT",
                "KAFKA_SASL_MECHANISM", "SCRAM-SHA-512",
                "KAFKA_SASL_JAAS_CONFIG", KafkaAccessControl.jaas(principal,
                        secrets.get(SuiteSecrets.kafkaPasswordVariable(principal))));
    }

    /** Every identity of the suite: each service, and the operator. */
    public static List<String> identities() {
        List<String> identities = new ArrayList<>();
        for (Service s : Service.values()) {
            identities.add(s.moduleName());
        }
        identities.add(SuiteKeys.OPERATOR);
        return identities;
    }

    /** {@code quipu_sanctions} for sanctions-service. */
    public static String databaseName(Service service) {
        return "quipu_" + service.shortName();
    }

    public static String jdbcUrl(int postgresPort, String database) {
        return "jdbc:postgresql://127.0.0.1:" + postgresPort + "/" + database;
    }
}
