package dev.quipu.gateway.mcp;

import dev.quipu.gateway.discovery.PublicLinks;
import jakarta.inject.Singleton;

import java.net.URI;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The MCP transport's DNS-rebinding guard: a browser page on another origin must not reach /mcp
 * (MCP Streamable HTTP: servers MUST validate Origin and answer 403 when it is not allowed). Agents
 * send no Origin and are not concerned. Allowed: the gateway's public origin and the configured list.
 */
@Singleton
public class OriginPolicy {

    private final Set<String> allowed;
    private final boolean any;

    public OriginPolicy(McpConfig config, PublicLinks links) {
        this.any = config.allowedOrigins().stream().anyMatch(o -> o.trim().equals("*"));
        this.allowed = Stream.concat(Stream.of(links.base()), config.allowedOrigins().stream())
                .map(String::trim)
                .filter(o -> !o.isEmpty() && !o.equals("*"))
                .map(OriginPolicy::normalise)
                .collect(Collectors.toUnmodifiableSet());
    }

    /** @param origin the Origin header, or null when the request has none */
    public boolean allows(String origin) {
        if (origin == null || any) {
            return true;
        }
        return allowed.contains(normalise(origin.trim()));
    }

    /** scheme://host[:port] in lower case, without a default port or a path; "null" stays "null". */
    static String normalise(String origin) {
        try {
            URI uri = URI.create(origin);
            if (uri.getScheme() == null || uri.getHost() == null) {
                return origin.toLowerCase(Locale.ROOT);
            }
            String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
            int port = uri.getPort();
            boolean defaultPort = port == -1 || (scheme.equals("http") && port == 80) || (scheme.equals("https") && port == 443);
            return scheme + "://" + uri.getHost().toLowerCase(Locale.ROOT) + (defaultPort ? "" : ":" + port);
        } catch (IllegalArgumentException e) {
            return origin.toLowerCase(Locale.ROOT);
        }
    }
}
