package dev.quipu.gateway.discovery;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;


/**
 * Settings of the discovery documents ({@code quipu.gateway.discovery.*}).
 *
 * @param serviceName           the name agents and people see
 * @param provider              the organisation behind the service (A2A {@code provider.organization})
 * @param providerUrl           its web address (A2A {@code provider.url}); the public URL when unset
 */
@ConfigurationProperties("quipu.gateway.discovery")
public record DiscoveryConfig(String serviceName, String provider, @Nullable String providerUrl) {
}
