package dev.quipu.gateway.discovery;

import dev.quipu.contracts.pricebook.PriceBook;
import jakarta.inject.Singleton;

import java.util.LinkedHashMap;
import java.util.Map;

/** What {@code /} answers: JSON for agents, a short HTML page for browsers; both point to the rest. */
@Singleton
public class Landing {

    private final PriceBook priceBook;
    private final AgentCards cards;
    private final PublicLinks links;
    private final DiscoveryConfig config;

    public Landing(PriceBook priceBook, AgentCards cards, PublicLinks links, DiscoveryConfig config) {
        this.priceBook = priceBook;
        this.cards = cards;
        this.links = links;
        this.config = config;
    }

    public Map<String, Object> json() {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("name", config.serviceName());
        root.put("description", cards.shortDescription());
        root.put("protocol", "x402-v2");
        root.put("operations", priceBook.operations().size());
        Map<String, Object> linkMap = new LinkedHashMap<>();
        linkMap.put("llms_txt", links.llmsTxt());
        linkMap.put("mcp", links.mcp());
        linkMap.put("agent_manifest", links.agentManifest());
        linkMap.put("agent_card", links.agentCard());
        linkMap.put("x402", links.x402());
        linkMap.put("openapi", links.openApi());
        linkMap.put("docs", links.docs());
        linkMap.put("health", links.health());
        linkMap.put("demo", links.demo());
        root.put("links", linkMap);
        return root;
    }

    public String html() {
        String name = escape(config.serviceName());
        return """
                <!doctype html>
                <html lang="en">
                <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
                <title>%1$s</title><link rel="icon" href="/static/logo.png">
                <style>body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:3rem auto;padding:0 1rem;color:#1d2330}
                a{color:#0b6e69}header{display:flex;gap:1rem;align-items:center}img{width:72px;height:72px}</style></head>
                <body><header><img src="/static/logo.png" alt="%1$s logo"><h1>%1$s</h1></header>
                <p>%2$s</p>
                <p>%3$d paid operations. Agents: read <a href="/llms.txt">llms.txt</a>, connect to the
                <a href="/mcp">MCP server</a>, or read the <a href="/.well-known/a2a-agent.json">agent manifest</a>,
                the <a href="/.well-known/agent-card.json">A2A card</a> and the <a href="/.well-known/x402">x402 discovery</a>.</p>
                <p>People: <a href="/demo">try it without a wallet</a>, read the <a href="/docs">API documentation</a>
                (<a href="/openapi.json">OpenAPI</a>), or check <a href="/health">health</a>.</p>
                </body></html>
                """.formatted(name, escape(cards.shortDescription()), priceBook.operations().size());
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
