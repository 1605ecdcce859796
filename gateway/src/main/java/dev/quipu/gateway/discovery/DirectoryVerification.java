package dev.quipu.gateway.discovery;

import io.micronaut.context.env.Environment;
import io.micronaut.core.naming.conventions.StringConvention;
import jakarta.inject.Singleton;

import java.util.Map;
import java.util.Optional;

/**
 * Domain-verification tokens of listing directories, from
 * {@code quipu.gateway.discovery.directory-verification.<directory>=<token>} (environment:
 * {@code QUIPU_GATEWAY_DISCOVERY_DIRECTORY_VERIFICATION_<DIRECTORY>}), served at
 * {@code /.well-known/<directory>-verify.txt}.
 */
@Singleton
public class DirectoryVerification {

    static final String PREFIX = "quipu.gateway.discovery.directory-verification";

    private final Environment environment;

    public DirectoryVerification(Environment environment) {
        this.environment = environment;
    }

    public Optional<String> token(String directory) {
        Map<String, Object> tokens = environment.getProperties(PREFIX, StringConvention.RAW);
        Object token = tokens.get(directory);
        return token == null || token.toString().isBlank() ? Optional.empty() : Optional.of(token.toString());
    }
}
