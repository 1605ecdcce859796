package dev.quipu.testkit;

import java.util.Map;

/**
 * The configuration a service needs to run against the shared in-process broker and database:
 * what a {@code TestPropertyProvider} returns.
 */
public final class SuiteResources {

    private SuiteResources() {
    }

    /** Kafka and a datasource on database {@code database}, both started if needed. */
    public static Map<String, String> forService(String database) {
        EmbeddedDatabase db = EmbeddedDatabase.shared();
        return Map.of(
                "kafka.bootstrap.servers", EmbeddedKafka.shared().bootstrapServers(),
                "datasources.default.url", db.jdbcUrl(database),
                "datasources.default.username", EmbeddedDatabase.USER,
                "datasources.default.password", EmbeddedDatabase.PASSWORD);
    }

    /**
     * The internal-auth settings of {@code identity} (a service's module name) with the test suite's
     * keys ({@link OperatorCredentials#KEYS}): for benchmarks and tools that start a service outside
     * the test environment, where {@code application-test.yml} is not read.
     */
    public static Map<String, String> internalAuth(String identity) {
        return Map.of("micronaut.security.token.jwt.signatures.jwks-static.suite.path", OperatorCredentials.PUBLIC_SET,
                "quipu.internal-auth.key-file", "classpath:" + OperatorCredentials.KEYS + identity + ".jwk");
    }

    /** Kafka only, for components without a database (the gateway). */
    public static Map<String, String> kafkaOnly() {
        return Map.of("kafka.bootstrap.servers", EmbeddedKafka.shared().bootstrapServers());
    }
}
