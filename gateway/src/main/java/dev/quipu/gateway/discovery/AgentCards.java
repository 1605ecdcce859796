package dev.quipu.gateway.discovery;

import dev.quipu.contracts.pricebook.InputField;
import dev.quipu.contracts.pricebook.Operation;
import dev.quipu.contracts.pricebook.PriceBook;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The agent-to-agent documents. {@link #manifest()} is the spec's discovery manifest
 * ({@code /.well-known/a2a-agent.json}, version 2.2.0, schema_version a2a-v1) and is at the same
 * time a valid A2A v1.0 AgentCard (the A2A fields plus Quipu's payment fields); {@link #card()} is
 * the plain A2A v1.0 AgentCard of {@code /.well-known/agent-card.json}.
 */
@Singleton
public class AgentCards {

    public static final String MANIFEST_VERSION = "2.2.0";
    public static final String SCHEMA_VERSION = "a2a-v1";
    private static final String MCP_BINDING = "https://modelcontextprotocol.io/specification/2025-11-25";
    private static final String X402_HTTP_BINDING = "https://github.com/x402-foundation/x402/blob/main/specs/x402-specification-v2.md";

    private final PriceBook priceBook;
    private final PaymentTerms terms;
    private final PublicLinks links;
    private final DiscoveryConfig config;

    public AgentCards(PriceBook priceBook, PaymentTerms terms, PublicLinks links, DiscoveryConfig config) {
        this.priceBook = priceBook;
        this.terms = terms;
        this.links = links;
        this.config = config;
    }

    /** The A2A v1.0 AgentCard. */
    public Map<String, Object> card() {
        Map<String, Object> card = new LinkedHashMap<>();
        card.put("name", config.serviceName());
        card.put("description", description());
        card.put("supportedInterfaces", List.of(
                Map.of("url", links.mcp(), "protocolBinding", MCP_BINDING, "protocolVersion", "1.0"),
                Map.of("url", links.base(), "protocolBinding", X402_HTTP_BINDING, "protocolVersion", "1.0")));
        card.put("provider", Map.of("organization", config.provider(),
                "url", config.providerUrl() == null ? links.base() : config.providerUrl()));
        card.put("version", MANIFEST_VERSION);
        card.put("documentationUrl", links.docs());
        card.put("iconUrl", links.logo());
        card.put("capabilities", Map.of("streaming", false, "pushNotifications", false,
                "extensions", List.of(Map.of("uri", X402_HTTP_BINDING,
                        "description", "Paid skills are settled per call in USDC with x402 v2 (HTTP 402, "
                                + "PAYMENT-REQUIRED / PAYMENT-SIGNATURE / PAYMENT-RESPONSE; over MCP, "
                                + "_meta x402/payment and x402/payment-response).",
                        "required", false,
                        "params", Map.of("networks", networks())))));
        card.put("defaultInputModes", List.of("application/json"));
        card.put("defaultOutputModes", List.of("application/json"));
        List<Map<String, Object>> skills = new ArrayList<>();
        for (Operation op : priceBook.operations()) {
            skills.add(a2aSkill(op));
        }
        card.put("skills", skills);
        return card;
    }

    /** The discovery manifest: the A2A card plus what an x402 agent needs to pay. */
    public Map<String, Object> manifest() {
        Map<String, Object> manifest = new LinkedHashMap<>();
        manifest.put("schema_version", SCHEMA_VERSION);
        manifest.putAll(card());
        manifest.put("url", links.base());
        manifest.put("protocol", "x402-v2");
        manifest.put("x402Version", 2);
        List<Map<String, Object>> networks = networks();
        manifest.put("payment", Map.of("protocol", "x402-v2", "scheme", "exact", "asset", "USDC",
                "enforced", !networks.isEmpty(),
                "networks", networks,
                "headers", Map.of("required", PaymentHeaders.PAYMENT_REQUIRED, "signature", PaymentHeaders.PAYMENT_SIGNATURE,
                        "response", PaymentHeaders.PAYMENT_RESPONSE, "legacy", "X-PAYMENT", "trial", "X-TRIAL"),
                "trial", "X-TRIAL: true gives 5 free calls per endpoint per IP per 24 hours on trial operations"));
        manifest.put("networks", networks);
        List<Map<String, Object>> skills = new ArrayList<>();
        for (Operation op : priceBook.operations()) {
            Map<String, Object> skill = a2aSkill(op);
            skill.put("endpoint", links.url(op.path()));
            skill.put("method", op.method());
            skill.put("path", op.path());
            skill.put("price", op.priceUsdc().toPlainString());
            skill.put("price_usdc", op.priceUsdc().toPlainString());
            skill.put("price_atomic", Long.toString(op.priceAtomic()));
            skill.put("currency", "USDC");
            skill.put("trial", op.trial());
            skill.put("input", op.input().stream().map(InputField::name).toList());
            skill.put("input_required", op.input().stream().filter(InputField::required).map(InputField::name).toList());
            skill.put("output", op.output());
            skill.put("mcp_tool", op.id());
            skills.add(skill);
        }
        manifest.put("skills", skills);
        Map<String, Object> linkMap = new LinkedHashMap<>();
        linkMap.put("mcp", links.mcp());
        linkMap.put("llms_txt", links.llmsTxt());
        linkMap.put("health", links.health());
        linkMap.put("docs", links.docs());
        linkMap.put("openapi", links.openApi());
        linkMap.put("x402", links.x402());
        linkMap.put("agent_card", links.agentCard());
        linkMap.put("demo", links.demo());
        linkMap.put("logo", links.logo());
        manifest.put("links", linkMap);
        return manifest;
    }

    /**
     * Distinct (network, payTo, asset) of the operations' payment requirements, as the paywall
     * states them in its 402 answers.
     */
    public List<Map<String, Object>> networks() {
        Set<List<Object>> seen = new LinkedHashSet<>();
        List<Map<String, Object>> networks = new ArrayList<>();
        for (Operation op : priceBook.operations()) {
            for (Map<String, Object> accept : terms.accepts(op)) {
                List<Object> key = List.of(String.valueOf(accept.get("network")), String.valueOf(accept.get("payTo")),
                        String.valueOf(accept.get("asset")));
                if (seen.add(key)) {
                    Map<String, Object> network = new LinkedHashMap<>();
                    network.put("network", accept.get("network"));
                    network.put("scheme", accept.get("scheme"));
                    network.put("asset", accept.get("asset"));
                    network.put("payTo", accept.get("payTo"));
                    networks.add(network);
                }
            }
        }
        return networks;
    }

    private Map<String, Object> a2aSkill(Operation op) {
        Map<String, Object> skill = new LinkedHashMap<>();
        skill.put("id", op.id());
        skill.put("name", op.method() + " " + op.path());
        skill.put("description", op.description() + ". Price " + op.priceUsdc().toPlainString() + " USDC per call"
                + (op.trial() ? "; trial available." : "."));
        skill.put("tags", List.of(op.service().shortName(), "x402", op.trial() ? "trial" : "paid"));
        skill.put("inputModes", List.of("application/json"));
        skill.put("outputModes", List.of("application/json"));
        return skill;
    }

    private String description() {
        return "Pay-per-call API of verified Latin American data for autonomous agents: sanctions screening "
                + "(OFAC, UN, EU, UK), central-bank rates and FX (CO, MX, BR, CL, PE, AR), company registries, "
                + "KYB and compliance reports, with a per-agent SHA-256 audit chain. Each call is paid in USDC "
                + "with x402 v2; no account or key.";
    }

    String shortDescription() {
        return description();
    }
}
