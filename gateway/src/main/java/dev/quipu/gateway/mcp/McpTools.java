package dev.quipu.gateway.mcp;

import dev.quipu.contracts.pricebook.Operation;
import dev.quipu.contracts.pricebook.PriceBook;
import dev.quipu.gateway.discovery.OperationSchemas;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** One MCP tool per paid operation, named by its price-book id, in the price book's order. */
@Singleton
public class McpTools {

    /** Tool argument that asks for a free trial call; hosts that cannot set {@code _meta} can use it. */
    public static final String TRIAL_ARGUMENT = "x_trial";

    private final PriceBook priceBook;
    private final OperationSchemas schemas;

    public McpTools(PriceBook priceBook, OperationSchemas schemas) {
        this.priceBook = priceBook;
        this.schemas = schemas;
    }

    public Optional<Operation> operation(String toolName) {
        return priceBook.byId(toolName);
    }

    public List<Map<String, Object>> list() {
        List<Map<String, Object>> tools = new ArrayList<>();
        for (Operation op : priceBook.operations()) {
            tools.add(tool(op));
        }
        return tools;
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> tool(Operation op) {
        Map<String, Object> input = schemas.inputSchema(op);
        if (op.trial()) {
            Map<String, Object> properties = new LinkedHashMap<>((Map<String, Object>) input.get("properties"));
            properties.put(TRIAL_ARGUMENT, Map.of("type", "boolean", "description",
                    "true: use one of the free trial calls (5 per operation per IP per 24 hours) instead of paying; "
                            + "same as _meta[\"quipu/trial\"]"));
            input.put("properties", properties);
        }
        Map<String, Object> tool = new LinkedHashMap<>();
        tool.put("name", op.id());
        tool.put("title", op.method() + " " + op.path());
        tool.put("description", op.description() + ". Paid: " + op.priceUsdc().toPlainString()
                + " USDC per call with x402 v2 (an unpaid call returns the PaymentRequired; retry with "
                + "_meta[\"x402/payment\"])" + (op.trial() ? "; free trial with " + TRIAL_ARGUMENT + ": true." : "."));
        tool.put("inputSchema", input);
        tool.put("outputSchema", schemas.outputSchema(op));
        tool.put("annotations", Map.of("title", op.description(), "readOnlyHint", true, "destructiveHint", false,
                "idempotentHint", false, "openWorldHint", true));
        tool.put("_meta", Map.of("quipu/price_usdc", op.priceUsdc().toPlainString(),
                "quipu/price_atomic", Long.toString(op.priceAtomic()), "quipu/trial", op.trial(),
                "quipu/http", op.method() + " " + op.path()));
        return tool;
    }
}
