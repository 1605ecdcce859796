package dev.quipu.gateway.discovery;

import dev.quipu.contracts.pricebook.FreeRoute;
import dev.quipu.contracts.pricebook.InputField;
import dev.quipu.contracts.pricebook.Operation;
import dev.quipu.contracts.pricebook.PriceBook;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code /llms.txt} in the llmstxt.org format: an H1, a blockquote summary, plain notes (how to
 * pay), then {@code ##} sections that are lists of links, the skippable ones under "Optional".
 */
@Singleton
public class LlmsTxt {

    private final PriceBook priceBook;
    private final AgentCards cards;
    private final PublicLinks links;
    private final DiscoveryConfig config;

    public LlmsTxt(PriceBook priceBook, AgentCards cards, PublicLinks links, DiscoveryConfig config) {
        this.priceBook = priceBook;
        this.cards = cards;
        this.links = links;
        this.config = config;
    }

    public String render() {
        StringBuilder out = new StringBuilder();
        out.append("# ").append(config.serviceName()).append("\n\n");
        out.append("> ").append(cards.shortDescription()).append("\n\n");
        out.append("How to pay (x402 v2): call an operation without payment and you get HTTP 402 with a "
                + "PAYMENT-REQUIRED header (base64 JSON listing the accepted networks, asset, amount and payTo). "
                + "Sign one of them (EIP-3009 TransferWithAuthorization for USDC on Base) and repeat the same call "
                + "with a PAYMENT-SIGNATURE header (base64 JSON PaymentPayload). The answer carries PAYMENT-RESPONSE "
                + "(base64 JSON settlement). Invalid input gets 422 before anything is charged.\n\n");
        List<Map<String, Object>> networks = cards.networks();
        if (!networks.isEmpty()) {
            out.append("Networks: ").append(networks.stream()
                    .map(n -> n.get("network") + " (asset " + n.get("asset") + ", payTo " + n.get("payTo") + ")")
                    .collect(Collectors.joining("; "))).append(".\n\n");
        }
        out.append("Trial: operations marked trial accept the header X-TRIAL: true for 5 free calls per endpoint per "
                + "IP per 24 hours. Identify your agent with agent_id in the body or an X-Agent-Id header to get "
                + "your own audit chain, reputation tier (VERIFIED 10%, TRUSTED 20% discount) and budget.\n\n");
        out.append("MCP: POST ").append(links.mcp()).append(" speaks JSON-RPC 2.0 (MCP 2025-06-18 and 2025-11-25); "
                + "one tool per operation below, named by its id. Unpaid tools/call results carry the x402 "
                + "PaymentRequired in structuredContent; pay with params._meta[\"x402/payment\"].\n\n");

        out.append("## Operations\n\n");
        for (Operation op : priceBook.operations()) {
            out.append("- [").append(op.method()).append(' ').append(op.path()).append("](")
                    .append(links.url(op.path())).append("): ")
                    .append(op.priceUsdc().toPlainString()).append(" USDC")
                    .append(op.trial() ? ", trial" : "").append(". ").append(op.description())
                    .append(". Tool `").append(op.id()).append("`. Input: ").append(inputs(op))
                    .append(". Output: ").append(String.join(", ", op.output())).append(".\n");
        }
        out.append("\n## Agents\n\n");
        out.append("- [MCP server](").append(links.mcp()).append("): JSON-RPC 2.0 over Streamable HTTP; GET for the manifest\n");
        out.append("- [Agent manifest](").append(links.agentManifest()).append("): skills, prices, networks (x402-v2, a2a-v1)\n");
        out.append("- [A2A agent card](").append(links.agentCard()).append("): A2A v1.0 AgentCard\n");
        out.append("- [x402 discovery](").append(links.x402()).append("): every paid resource with its accepts and bazaar schema\n");
        out.append("\n## Docs\n\n");
        out.append("- [OpenAPI 3.1](").append(links.openApi()).append("): every path, body, response and error\n");
        out.append("- [Interactive documentation](").append(links.docs()).append("): the OpenAPI document rendered\n");
        out.append("- [Health](").append(links.health()).append("): the suite's health and the payment facilitator's state\n");
        out.append("\n## Optional\n\n");
        out.append("- [Demo](").append(links.demo()).append("): try trial calls in a browser, without a wallet\n");
        for (FreeRoute route : priceBook.freeRoutes()) {
            if (route.service() != dev.quipu.contracts.pricebook.Service.GATEWAY) {
                out.append("- [").append(route.method()).append(' ').append(route.path()).append("](")
                        .append(links.url(route.path())).append("): free. ").append(route.description()).append('\n');
            }
        }
        return out.toString();
    }

    private static String inputs(Operation op) {
        return op.input().stream()
                .map(f -> f.name() + (f.required() ? " (required" : " (optional")
                        + (f.in() == InputField.Location.QUERY ? ", query" : "")
                        + (f.allowed().isEmpty() ? "" : ", one of " + String.join("|", f.allowed())) + ")")
                .collect(Collectors.joining(", "));
    }
}
