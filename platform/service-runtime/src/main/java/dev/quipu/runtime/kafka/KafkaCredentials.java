package dev.quipu.runtime.kafka;

import io.micronaut.context.annotation.Value;
import jakarta.inject.Singleton;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

/**
 * How this service authenticates to the broker ({@code KAFKA_SECURITY_PROTOCOL},
 * {@code KAFKA_SASL_MECHANISM}, {@code KAFKA_SASL_JAAS_CONFIG}; docs/security.md). Micronaut's own
 * clients read the same {@code kafka.*} properties; the clients a service builds by hand (outbox
 * producers, manual-assignment consumers) add them with {@link #apply}.
 */
@Singleton
public class KafkaCredentials {

    private final String protocol;
    private final String mechanism;
    private final String jaasConfig;

    public KafkaCredentials(@Value("${kafka.security.protocol:PLAINTEXT}") String protocol,
                            @Value("${kafka.sasl.mechanism:SCRAM-SHA-512}") String mechanism,
                            @Value("${kafka.sasl.jaas.config:}") String jaasConfig) {
        this.protocol = protocol;
        this.mechanism = mechanism;
        this.jaasConfig = jaasConfig;
    }

    /** No authentication (a broker on loopback, as in tests). */
    public static KafkaCredentials none() {
        return new KafkaCredentials("PLAINTEXT", "SCRAM-SHA-512", "");
    }

    /** {@code config} plus this service's security settings. */
    public Map<String, Object> apply(Map<String, Object> config) {
        Map<String, Object> secured = new HashMap<>(config);
        secured.put("security.protocol", protocol);
        if (protocol.startsWith("SASL")) {
            secured.put("sasl.mechanism", mechanism);
            secured.put("sasl.jaas.config", jaasConfig);
        }
        return secured;
    }

    /** The same, for clients configured with {@link Properties}. */
    public Properties apply(Properties config) {
        Properties secured = new Properties();
        secured.putAll(config);
        apply(Map.of()).forEach(secured::put);
        return secured;
    }
}
