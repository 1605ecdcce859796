package dev.quipu.gateway.discovery;

import dev.quipu.gateway.routing.GatewayConfig;
import jakarta.inject.Singleton;

/** Absolute URLs of the gateway's own pages, from {@code quipu.gateway.public-url}. */
@Singleton
public class PublicLinks {

    private final String base;

    public PublicLinks(GatewayConfig config) {
        this.base = config.publicUrl().toString().replaceAll("/+$", "");
    }

    /** The public base URL without a trailing slash. */
    public String base() {
        return base;
    }

    /** {@code path} (starting with a slash) made absolute. */
    public String url(String path) {
        return base + path;
    }

    public String mcp() {
        return url("/mcp");
    }

    public String llmsTxt() {
        return url("/llms.txt");
    }

    public String health() {
        return url("/health");
    }

    public String docs() {
        return url("/docs");
    }

    public String openApi() {
        return url("/openapi.json");
    }

    public String x402() {
        return url("/.well-known/x402");
    }

    public String agentManifest() {
        return url("/.well-known/a2a-agent.json");
    }

    public String agentCard() {
        return url("/.well-known/agent-card.json");
    }

    public String demo() {
        return url("/demo");
    }

    public String logo() {
        return url("/static/logo.png");
    }
}
