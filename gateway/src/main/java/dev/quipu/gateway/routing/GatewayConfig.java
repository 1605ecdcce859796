package dev.quipu.gateway.routing;

import io.micronaut.context.annotation.ConfigurationProperties;

import java.net.URI;
import java.time.Duration;

/**
 * Gateway settings ({@code quipu.gateway.*}); backend URLs are {@link BackendUrl}s.
 *
 * @param publicUrl      the base URL agents use, for resource URLs and discovery documents
 * @param identitySalt   salt of the hashed client IP used as agent id for anonymous callers
 * @param backendTimeout how long a backend may take to answer
 */
@ConfigurationProperties("quipu.gateway")
public record GatewayConfig(URI publicUrl, String identitySalt, Duration backendTimeout) {
}
