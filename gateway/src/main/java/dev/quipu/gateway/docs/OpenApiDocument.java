package dev.quipu.gateway.docs;

import dev.quipu.contracts.pricebook.FreeRoute;
import dev.quipu.contracts.pricebook.InputField;
import dev.quipu.contracts.pricebook.Operation;
import dev.quipu.contracts.pricebook.PriceBook;
import dev.quipu.contracts.pricebook.Service;
import dev.quipu.gateway.discovery.DiscoveryConfig;
import dev.quipu.gateway.discovery.OperationSchemas;
import dev.quipu.gateway.discovery.PaymentTerms;
import dev.quipu.gateway.discovery.PublicLinks;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The OpenAPI 3.1.0 description of every route, generated from the price book: each paid operation
 * with its body, its 200/402/422/429/502 answers and {@code x-payment-info}; each free route; and
 * the gateway's own documents. Nothing here repeats a price or a field rule.
 */
@Singleton
public class OpenApiDocument {

    public static final String VERSION = "2.1.0";
    private static final Pattern PATH_VARIABLE = Pattern.compile("\\{([a-z_]+)}");
    private static final String JSON = "application/json";

    private final PriceBook priceBook;
    private final OperationSchemas schemas;
    private final PaymentTerms terms;
    private final PublicLinks links;
    private final DiscoveryConfig config;

    public OpenApiDocument(PriceBook priceBook, OperationSchemas schemas, PaymentTerms terms, PublicLinks links,
                           DiscoveryConfig config) {
        this.priceBook = priceBook;
        this.schemas = schemas;
        this.terms = terms;
        this.links = links;
        this.config = config;
    }

    public Map<String, Object> document() {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("openapi", "3.1.0");
        doc.put("info", info());
        doc.put("servers", List.of(Map.of("url", links.base(), "description", "This gateway")));
        doc.put("tags", tags());
        Map<String, Object> paths = new TreeMap<>();
        Map<String, Object> components = components();
        for (Operation op : priceBook.operations()) {
            pathItem(paths, op.path()).put(op.method().toLowerCase(Locale.ROOT), paidOperation(op, components));
        }
        for (String path : priceBook.paidPaths()) {
            if (priceBook.find("GET", path).isEmpty()) {
                pathItem(paths, path).put("get", probe(priceBook.atPath(path).get(0)));
            }
        }
        for (FreeRoute route : priceBook.freeRoutes()) {
            pathItem(paths, route.path()).put(route.method().toLowerCase(Locale.ROOT), freeOperation(route));
        }
        pathItem(paths, "/openapi.json").put("get", document("openapi", "This OpenAPI document", "gateway", JSON));
        pathItem(paths, "/.well-known/agent-card.json")
                .put("get", document("agentCard", "A2A v1.0 AgentCard", "discovery", JSON));
        Map<String, Object> verify = document("directoryVerification",
                "Domain-verification token of a listing directory, from configuration", "discovery", "text/plain");
        verify.put("parameters", List.of(Map.of("name", "directory", "in", "path", "required", true,
                "description", "Directory name, e.g. x402scan", "schema", Map.of("type", "string"))));
        map(verify.get("responses")).put("404", errorResponse("No token is configured for this directory"));
        pathItem(paths, "/.well-known/{directory}-verify.txt").put("get", verify);
        doc.put("paths", paths);
        doc.put("components", components);
        doc.put("x-discovery", Map.of("x402", links.x402(), "llms_txt", links.llmsTxt(), "mcp", links.mcp(),
                "agent_manifest", links.agentManifest()));
        return doc;
    }

    private Map<String, Object> info() {
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("title", config.serviceName());
        info.put("version", VERSION);
        info.put("summary", "Pay-per-call Latin American verification and data API for autonomous agents (x402 v2, USDC)");
        info.put("description", "Every paid operation is settled per call in USDC with x402 version 2. Call it without "
                + "payment to get HTTP 402 with a PAYMENT-REQUIRED header (base64 JSON PaymentRequired); repeat the call "
                + "with PAYMENT-SIGNATURE (base64 JSON PaymentPayload; X-PAYMENT is accepted too). Operations with a "
                + "trial accept X-TRIAL: true (5 free calls per endpoint per IP per 24 hours). Invalid input is answered "
                + "with 422 before anything is charged. The same operations are MCP tools at /mcp.");
        info.put("contact", Map.of("name", config.provider(), "url", config.providerUrl() == null ? links.base()
                : config.providerUrl()));
        info.put("license", Map.of("name", "Proprietary", "identifier", "LicenseRef-Quipu"));
        return info;
    }

    private List<Object> tags() {
        List<Object> tags = new ArrayList<>();
        for (Service service : Service.values()) {
            if (service != Service.GATEWAY) {
                tags.add(Map.of("name", service.shortName(), "description", "Operations answered by " + service.moduleName()));
            }
        }
        tags.add(Map.of("name", "gateway", "description", "Served by the gateway itself: health, streams, MCP, documents"));
        tags.add(Map.of("name", "discovery", "description", "Documents by which agents and people find the service"));
        return tags;
    }

    private Map<String, Object> paidOperation(Operation op, Map<String, Object> components) {
        String schemaName = pascal(op.id());
        if (op.takesBody()) {
            map(components.get("schemas")).put(schemaName + "Input", schemas.inputSchema(op));
        }
        map(components.get("schemas")).put(schemaName + "Result", schemas.outputSchema(op));
        Map<String, Object> operation = new LinkedHashMap<>();
        operation.put("operationId", op.id());
        operation.put("summary", op.description());
        operation.put("description", op.description() + ". Price " + op.priceUsdc().toPlainString() + " USDC per call"
                + (op.trial() ? "; X-TRIAL: true is accepted." : "; no trial.") + " MCP tool: " + op.id() + ".");
        operation.put("tags", List.of(op.service().shortName()));
        List<Object> parameters = new ArrayList<>();
        parameters.add(headerRef("PaymentSignature"));
        parameters.add(headerRef("XPayment"));
        if (op.trial()) {
            parameters.add(headerRef("XTrial"));
        }
        parameters.add(headerRef("XAgentId"));
        for (InputField field : op.input()) {
            if (field.in() == InputField.Location.QUERY) {
                parameters.add(Map.of("name", field.name(), "in", "query", "required", field.required(),
                        "description", field.description(), "schema", schemas.fieldSchema(field)));
            }
        }
        operation.put("parameters", parameters);
        if (op.takesBody()) {
            operation.put("requestBody", Map.of("required", true, "content", Map.of(JSON, Map.of(
                    "schema", ref(schemaName + "Input"), "example", schemas.exampleInput(op)))));
        }
        Map<String, Object> responses = new LinkedHashMap<>();
        responses.put("200", Map.of("description", "The result; paid calls carry the settlement in PAYMENT-RESPONSE",
                "headers", Map.of("PAYMENT-RESPONSE", Map.of("$ref", "#/components/headers/PaymentResponse")),
                "content", Map.of(JSON, Map.of("schema", ref(schemaName + "Result")))));
        responses.put("402", Map.of("$ref", "#/components/responses/PaymentRequired"));
        responses.put("422", Map.of("$ref", "#/components/responses/ValidationFailed"));
        responses.put("429", Map.of("$ref", "#/components/responses/TooManyRequests"));
        responses.put("502", Map.of("$ref", "#/components/responses/BackendUnavailable"));
        operation.put("responses", responses);
        operation.put("security", List.of(Map.of("x402", List.of())));
        Map<String, Object> paymentInfo = new LinkedHashMap<>();
        paymentInfo.put("protocols", List.of("x402"));
        paymentInfo.put("x402Version", 2);
        paymentInfo.put("pricingMode", "fixed");
        paymentInfo.put("price", op.priceUsdc().toPlainString());
        paymentInfo.put("currency", "USDC");
        paymentInfo.put("amount", Long.toString(op.priceAtomic()));
        paymentInfo.put("trial", op.trial());
        paymentInfo.put("accepts", terms.accepts(op));
        operation.put("x-payment-info", paymentInfo);
        return operation;
    }

    private Map<String, Object> probe(Operation op) {
        Map<String, Object> operation = new LinkedHashMap<>();
        operation.put("operationId", op.id() + "_probe");
        operation.put("summary", "Describe " + op.method() + " " + op.path() + " (free probe)");
        operation.put("description", "How to call the operation and what it costs; never charged.");
        operation.put("tags", List.of(op.service().shortName()));
        operation.put("security", List.of());
        operation.put("responses", Map.of("200", Map.of("description", "The operation's description",
                "content", Map.of(JSON, Map.of("schema", ref("OperationDescription"))))));
        return operation;
    }

    private Map<String, Object> freeOperation(FreeRoute route) {
        String id = operationId(route);
        Map<String, Object> operation = new LinkedHashMap<>();
        operation.put("operationId", id);
        operation.put("summary", route.description());
        operation.put("description", route.description() + ". Free.");
        operation.put("tags", List.of(route.service() == Service.GATEWAY
                ? (route.path().startsWith("/.well-known") || route.path().equals("/llms.txt") ? "discovery" : "gateway")
                : route.service().shortName()));
        operation.put("security", List.of());
        List<Object> parameters = new ArrayList<>();
        Matcher variables = PATH_VARIABLE.matcher(route.path());
        while (variables.find()) {
            String name = variables.group(1);
            Map<String, Object> schema = name.equals("agent_id")
                    ? Map.of("type", "string", "pattern", "^(?:" + PriceBook.AGENT_ID_PATTERN + ")$")
                    : Map.of("type", "string");
            parameters.add(Map.of("name", name, "in", "path", "required", true,
                    "description", name.equals("agent_id") ? "The agent's id" : "Identifier", "schema", schema));
        }
        Map<String, Object> responses = new LinkedHashMap<>();
        switch (route.path()) {
            case "/rates/stream" -> {
                parameters.addAll(streamParameters());
                responses.put("200", Map.of("description", "Server-sent events, one rates update every interval seconds",
                        "content", Map.of("text/event-stream", Map.of("schema", Map.of("type", "string")))));
                responses.put("402", Map.of("$ref", "#/components/responses/PaymentRequired"));
                responses.put("422", Map.of("$ref", "#/components/responses/ValidationFailed"));
                responses.put("429", Map.of("$ref", "#/components/responses/TooManyRequests"));
            }
            case "/mcp" -> {
                if (route.method().equals("POST")) {
                    operation.put("requestBody", Map.of("required", true, "content", Map.of(JSON, Map.of("schema",
                            ref("JsonRpcRequest")))));
                    responses.put("200", Map.of("description", "JSON-RPC response",
                            "content", Map.of(JSON, Map.of("schema", ref("JsonRpcResponse")))));
                    responses.put("202", Map.of("description", "A notification was accepted (no body)"));
                    responses.put("400", errorResponse("Not a JSON-RPC message"));
                } else {
                    responses.put("200", jsonResponse("The MCP manifest: server, protocol versions and tools"));
                }
            }
            case "/llms.txt" -> responses.put("200", Map.of("description", "llms.txt (Markdown)",
                    "content", Map.of("text/plain", Map.of("schema", Map.of("type", "string")))));
            case "/docs", "/demo" -> responses.put("200", Map.of("description", "HTML page",
                    "content", Map.of("text/html", Map.of("schema", Map.of("type", "string")))));
            case "/static/logo.png" -> responses.put("200", Map.of("description", "PNG image",
                    "content", Map.of("image/png", Map.of("schema", Map.of("type", "string", "contentMediaType", "image/png")))));
            case "/" -> responses.put("200", Map.of("description", "Where to go next: JSON for agents, HTML for browsers",
                    "content", Map.of(JSON, Map.of("schema", Map.of("type", "object")),
                            "text/html", Map.of("schema", Map.of("type", "string")))));
            default -> {
                responses.put("200", jsonResponse(route.description()));
                if (!parameters.isEmpty() || route.method().equals("POST")) {
                    responses.put("422", Map.of("$ref", "#/components/responses/ValidationFailed"));
                }
            }
        }
        if (route.method().equals("POST") && !route.path().equals("/mcp")) {
            operation.put("requestBody", Map.of("required", true, "content", Map.of(JSON, Map.of("schema",
                    Map.of("type", "object")))));
        }
        if (route.service() != Service.GATEWAY) {
            responses.put("502", Map.of("$ref", "#/components/responses/BackendUnavailable"));
        }
        if (!parameters.isEmpty()) {
            operation.put("parameters", parameters);
        }
        operation.put("responses", responses);
        return operation;
    }

    private static List<Object> streamParameters() {
        return List.of(
                query("country", Map.of("type", "string", "enum", PriceBook.RATE_COUNTRIES, "default", "CO"), "Country of the rates"),
                query("interval", Map.of("type", "integer", "minimum", 5, "maximum", 300, "default", 30), "Seconds between updates"),
                query("max_events", Map.of("type", "integer", "minimum", 1, "default", 10), "Number of events to emit"),
                query("x_payment", Map.of("type", "string"), "Payment value passed in the query"),
                query("stream_token", Map.of("type", "string"), "Token from /rates/stream/token"));
    }

    private static Map<String, Object> query(String name, Map<String, Object> schema, String description) {
        return Map.of("name", name, "in", "query", "required", false, "description", description, "schema", schema);
    }

    private static Map<String, Object> document(String id, String summary, String tag, String mediaType) {
        Map<String, Object> operation = new LinkedHashMap<>();
        operation.put("operationId", id);
        operation.put("summary", summary);
        operation.put("tags", List.of(tag));
        operation.put("security", List.of());
        Map<String, Object> responses = new LinkedHashMap<>();
        responses.put("200", Map.of("description", summary,
                "content", Map.of(mediaType, Map.of("schema", Map.of("type", mediaType.equals(JSON) ? "object" : "string")))));
        operation.put("responses", responses);
        return operation;
    }

    private Map<String, Object> components() {
        Map<String, Object> schemasMap = new TreeMap<>();
        schemasMap.put("ValidationErrorBody", Map.of("type", "object", "required", List.of("detail"),
                "properties", Map.of("detail", Map.of("type", "array", "items", Map.of("type", "object",
                        "required", List.of("loc", "msg", "type"),
                        "properties", Map.of(
                                "loc", Map.of("type", "array", "items", Map.of("type", List.of("string", "integer"))),
                                "msg", Map.of("type", "string"),
                                "type", Map.of("type", "string")))))));
        schemasMap.put("ErrorBody", Map.of("type", "object", "required", List.of("error", "message"),
                "properties", Map.of("error", Map.of("type", "string"), "message", Map.of("type", "string"),
                        "hint", Map.of("type", List.of("string", "null")))));
        schemasMap.put("PaymentRequirements", Map.of("type", "object",
                "required", List.of("scheme", "network", "amount", "asset", "payTo", "maxTimeoutSeconds"),
                "properties", Map.of("scheme", Map.of("type", "string"), "network", Map.of("type", "string",
                                "description", "CAIP-2 network id, e.g. eip155:8453"),
                        "amount", Map.of("type", "string", "description", "Atomic units of the asset"),
                        "asset", Map.of("type", "string"), "payTo", Map.of("type", "string"),
                        "maxTimeoutSeconds", Map.of("type", "integer"), "extra", Map.of("type", "object"))));
        schemasMap.put("PaymentRequired", Map.of("type", "object", "required", List.of("x402Version", "accepts"),
                "description", "x402 v2 PaymentRequired; the PAYMENT-REQUIRED header carries it in base64",
                "properties", Map.of("x402Version", Map.of("type", "integer", "const", 2),
                        "error", Map.of("type", "string"),
                        "resource", Map.of("type", "object"),
                        "accepts", Map.of("type", "array", "items", ref("PaymentRequirements")),
                        "extensions", Map.of("type", "object"))));
        schemasMap.put("SettlementResponse", Map.of("type", "object", "required", List.of("success"),
                "description", "x402 v2 SettlementResponse; the PAYMENT-RESPONSE header carries it in base64",
                "properties", Map.of("success", Map.of("type", "boolean"), "transaction", Map.of("type", "string"),
                        "network", Map.of("type", "string"), "payer", Map.of("type", "string"),
                        "errorReason", Map.of("type", "string"))));
        schemasMap.put("OperationDescription", Map.of("type", "object",
                "properties", Map.of("operation", Map.of("type", "string"), "method", Map.of("type", "string"),
                        "path", Map.of("type", "string"), "price_usdc", Map.of("type", "string"),
                        "price_atomic", Map.of("type", "string"), "trial", Map.of("type", "boolean"),
                        "input", Map.of("type", "array", "items", Map.of("type", "object")),
                        "output", Map.of("type", "array", "items", Map.of("type", "string")))));
        schemasMap.put("JsonRpcRequest", Map.of("type", "object", "required", List.of("jsonrpc", "method"),
                "properties", Map.of("jsonrpc", Map.of("const", "2.0"), "id", Map.of("type", List.of("string", "integer")),
                        "method", Map.of("type", "string"), "params", Map.of("type", "object"))));
        schemasMap.put("JsonRpcResponse", Map.of("type", "object", "required", List.of("jsonrpc"),
                "properties", Map.of("jsonrpc", Map.of("const", "2.0"), "id", Map.of("type", List.of("string", "integer", "null")),
                        "result", Map.of("type", "object"), "error", Map.of("type", "object",
                                "properties", Map.of("code", Map.of("type", "integer"), "message", Map.of("type", "string"))))));

        Map<String, Object> headers = new LinkedHashMap<>();
        headers.put("PaymentRequired", Map.of("description", "base64 of the PaymentRequired JSON",
                "required", true, "schema", Map.of("type", "string", "contentEncoding", "base64")));
        headers.put("PaymentResponse", Map.of("description", "base64 of the SettlementResponse JSON (paid calls)",
                "schema", Map.of("type", "string", "contentEncoding", "base64", "contentMediaType", JSON,
                        "contentSchema", ref("SettlementResponse"))));
        headers.put("RetryAfter", Map.of("description", "Seconds to wait", "schema", Map.of("type", "integer")));

        Map<String, Object> responses = new LinkedHashMap<>();
        responses.put("PaymentRequired", Map.of("description", "Payment required: the PAYMENT-REQUIRED header carries "
                        + "the accepted payments (also for an invalid or already used payment)",
                "headers", Map.of("PAYMENT-REQUIRED", Map.of("$ref", "#/components/headers/PaymentRequired")),
                "content", Map.of(JSON, Map.of("schema", ref("PaymentRequired")))));
        responses.put("ValidationFailed", Map.of("description", "Invalid input; nothing was charged",
                "content", Map.of(JSON, Map.of("schema", ref("ValidationErrorBody"),
                        "example", Map.of("detail", List.of(Map.of("loc", List.of("body", "country"),
                                "msg", "Field required", "type", "missing")))))));
        responses.put("TooManyRequests", Map.of("description", "Trial used up, or the agent's budget is exhausted",
                "headers", Map.of("Retry-After", Map.of("$ref", "#/components/headers/RetryAfter")),
                "content", Map.of(JSON, Map.of("schema", ref("ErrorBody")))));
        responses.put("BackendUnavailable", errorResponse("The service behind this route could not be reached; nothing was charged"));

        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("PaymentSignature", header("PAYMENT-SIGNATURE", "base64 of the x402 v2 PaymentPayload JSON"));
        parameters.put("XPayment", header("X-PAYMENT", "Legacy name of the payment header"));
        parameters.put("XTrial", header("X-TRIAL", "true: use one of the 5 free trial calls per endpoint per IP per 24 hours"));
        parameters.put("XAgentId", Map.of("name", "X-Agent-Id", "in", "header", "required", false,
                "description", "The caller's agent id when the body carries none",
                "schema", Map.of("type", "string", "pattern", "^(?:" + PriceBook.AGENT_ID_PATTERN + ")$")));

        Map<String, Object> components = new LinkedHashMap<>();
        components.put("schemas", schemasMap);
        components.put("responses", responses);
        components.put("parameters", parameters);
        components.put("headers", headers);
        components.put("securitySchemes", Map.of("x402", Map.of("type", "apiKey", "in", "header",
                "name", "PAYMENT-SIGNATURE", "description", "x402 v2 payment per call (not an account key): base64 "
                        + "PaymentPayload answering the 402's PAYMENT-REQUIRED")));
        return components;
    }

    private static Map<String, Object> header(String name, String description) {
        return Map.of("name", name, "in", "header", "required", false, "description", description,
                "schema", Map.of("type", "string"));
    }

    private static Map<String, Object> headerRef(String name) {
        return Map.of("$ref", "#/components/parameters/" + name);
    }

    private static Map<String, Object> errorResponse(String description) {
        return Map.of("description", description, "content", Map.of(JSON, Map.of("schema", ref("ErrorBody"))));
    }

    private static Map<String, Object> jsonResponse(String description) {
        return Map.of("description", description, "content", Map.of(JSON, Map.of("schema", Map.of("type", "object"))));
    }

    private static Map<String, Object> ref(String schema) {
        return Map.of("$ref", "#/components/schemas/" + schema);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object value) {
        return (Map<String, Object>) value;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> pathItem(Map<String, Object> paths, String path) {
        return (Map<String, Object>) paths.computeIfAbsent(path, p -> new LinkedHashMap<>());
    }

    private static String operationId(FreeRoute route) {
        String base = route.path().equals("/") ? "root" : route.path().replaceAll("[^A-Za-z0-9]+", "_")
                .replaceAll("^_|_$", "");
        return route.method().toLowerCase(Locale.ROOT) + "_" + base;
    }

    private static String pascal(String id) {
        StringBuilder out = new StringBuilder();
        for (String part : id.split("_")) {
            out.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
        }
        return out.toString();
    }
}
