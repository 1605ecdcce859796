package dev.quipu.devstack;

import dev.quipu.contracts.pricebook.Service;
import dev.quipu.testkit.EmbeddedDatabase;

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

    /** {@code quipu_sanctions} for sanctions-service. */
    public static String databaseName(Service service) {
        return "quipu_" + service.shortName();
    }

    public static String jdbcUrl(int postgresPort, String database) {
        return "jdbc:postgresql://127.0.0.1:" + postgresPort + "/" + database;
    }
}
