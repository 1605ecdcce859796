package dev.quipu.internalauth;

import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.exceptions.ConfigurationException;
import io.micronaut.core.io.ResourceResolver;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;

/** Loads this process's key once at start; a missing or unreadable key stops the start with its path. */
@Factory
class InternalTokensFactory {

    @Singleton
    @Requires(property = "quipu.internal-auth.key-file", pattern = ".+")
    InternalTokens internalTokens(InternalAuthConfig config, ResourceResolver resources) {
        String location = config.keyFile().startsWith("classpath:") || config.keyFile().startsWith("file:")
                ? config.keyFile() : "file:" + config.keyFile();
        try (InputStream in = resources.getResourceAsStream(location)
                .orElseThrow(() -> new ConfigurationException("QUIPU_INTERNAL_AUTH_KEY: no key at " + location))) {
            return new InternalTokens(SuiteKeys.parsePrivate(new String(in.readAllBytes(), StandardCharsets.UTF_8), location),
                    Clock.systemUTC());
        } catch (IOException | IllegalArgumentException e) {
            throw new ConfigurationException("QUIPU_INTERNAL_AUTH_KEY: cannot read " + location + ": " + e.getMessage(), e);
        }
    }
}
