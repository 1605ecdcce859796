package dev.quipu.gateway.discovery;

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
 * {@code /.well-known/x402}: every paid resource with what its 402 asks for ({@code accepts}) and
 * its bazaar input/output description. The top level follows the x402scan convention
 * ({@code version}, {@code resources}, {@code instructions}); {@code items} follows the shape of
 * the x402 v2 facilitator discovery list ({@code resource, type, x402Version, accepts, extensions}).
 */
@Singleton
public class X402Discovery {

    private final PriceBook priceBook;
    private final PaymentTerms terms;
    private final BazaarDescriptions bazaar;
    private final PublicLinks links;
    private final DiscoveryConfig config;

    public X402Discovery(PriceBook priceBook, PaymentTerms terms, BazaarDescriptions bazaar, PublicLinks links,
                         DiscoveryConfig config) {
        this.priceBook = priceBook;
        this.terms = terms;
        this.bazaar = bazaar;
        this.links = links;
        this.config = config;
    }

    public Map<String, Object> document() {
        Set<String> resources = new LinkedHashSet<>();
        List<Map<String, Object>> items = new ArrayList<>();
        for (Operation op : priceBook.operations()) {
            String url = links.url(op.path());
            resources.add(url);
            Map<String, Object> item = new LinkedHashMap<>();
            item.put("resource", url);
            item.put("type", "http");
            item.put("x402Version", 2);
            item.put("method", op.method());
            item.put("operation", op.id());
            item.put("description", op.description());
            item.put("mimeType", "application/json");
            item.put("price_usdc", op.priceUsdc().toPlainString());
            item.put("amount", Long.toString(op.priceAtomic()));
            item.put("trial", op.trial());
            item.put("mcp_tool", op.id());
            item.put("accepts", terms.accepts(op));
            item.put("extensions", Map.of("bazaar", bazaar.of(op)));
            items.add(item);
        }
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("version", 1);
        doc.put("x402Version", 2);
        doc.put("name", config.serviceName());
        doc.put("resources", List.copyOf(resources));
        doc.put("items", items);
        doc.put("instructions", instructions());
        doc.put("links", Map.of("openapi", links.openApi(), "mcp", links.mcp(), "llms_txt", links.llmsTxt(),
                "agent_manifest", links.agentManifest(), "docs", links.docs()));
        return doc;
    }

    static String instructions() {
        return "Call a resource without payment to receive HTTP 402 with a PAYMENT-REQUIRED header "
                + "(base64 JSON, x402 v2). Sign one of its accepts and repeat the call with a PAYMENT-SIGNATURE "
                + "header (base64 JSON PaymentPayload); the answer carries PAYMENT-RESPONSE. Operations marked "
                + "trial accept X-TRIAL: true for 5 free calls per endpoint per IP per 24 hours. Invalid input is "
                + "answered with 422 before any payment is taken.";
    }
}
