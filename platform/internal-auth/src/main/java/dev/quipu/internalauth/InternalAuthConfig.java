package dev.quipu.internalauth;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;

/**
 * This process's signing key for the calls it makes to other services ({@code QUIPU_INTERNAL_AUTH_KEY}:
 * a file path or {@code classpath:} resource holding one private JWK whose key id is the identity).
 * A process without one makes no internal calls.
 */
@ConfigurationProperties("quipu.internal-auth")
public record InternalAuthConfig(@Nullable String keyFile) {
}
