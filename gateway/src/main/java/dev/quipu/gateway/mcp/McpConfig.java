package dev.quipu.gateway.mcp;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;

import java.util.List;

/**
 * Settings of {@code /mcp} ({@code quipu.gateway.mcp.*}).
 *
 * @param allowedOrigins browser origins (scheme://host[:port]) allowed to call /mcp besides the gateway's
 *                       own public origin; {@code *} allows every origin. A request without an Origin
 *                       header (an agent, not a browser) is always allowed.
 */
@ConfigurationProperties("quipu.gateway.mcp")
public record McpConfig(@Bindable(defaultValue = "") List<String> allowedOrigins) {
}
