package dev.quipu.gateway.mcp;

import dev.quipu.contracts.pricebook.Operation;
import dev.quipu.gateway.discovery.DiscoveryConfig;
import dev.quipu.gateway.discovery.PublicLinks;
import jakarta.inject.Singleton;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A stateless MCP server for both eras on one endpoint. Legacy revisions (2025-11-25, 2025-06-18, and
 * 2025-03-26 for older clients): {@code initialize}, {@code ping}, {@code tools/list}, {@code tools/call}.
 * The stateless revision 2026-07-28: no handshake; each request names its revision in
 * {@code params._meta["io.modelcontextprotocol/protocolVersion"]}, {@code server/discover} describes the
 * server, results carry {@code resultType} and list results cache hints, {@code ping} is gone. No
 * session is minted in either era, so any gateway instance can answer any request. Plain logic;
 * {@link McpController} is its HTTP face.
 */
@Singleton
public class McpServer {

    /** The legacy (handshake) revisions, newest first: what {@code initialize} negotiates among. */
    public static final List<String> PROTOCOL_VERSIONS = List.of("2025-11-25", "2025-06-18", "2025-03-26");
    /** The stateless revision: no handshake, the revision travels with every request. */
    public static final String STATELESS_VERSION = "2026-07-28";
    /** Every revision this server speaks, newest first ({@code server/discover}'s supportedVersions). */
    public static final List<String> SUPPORTED_VERSIONS = List.of(STATELESS_VERSION, "2025-11-25", "2025-06-18", "2025-03-26");
    static final String META_PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";
    static final String META_SERVER_INFO = "io.modelcontextprotocol/serverInfo";
    /** How long a client may cache the tool list and the discovery answer: they change only with a release. */
    static final long CACHE_TTL_MS = 3_600_000;
    public static final String SERVER_VERSION = "2.1.0";

    static final int PARSE_ERROR = -32700;
    static final int INVALID_REQUEST = -32600;
    static final int METHOD_NOT_FOUND = -32601;
    static final int INVALID_PARAMS = -32602;
    static final int INTERNAL_ERROR = -32603;
    static final int HEADER_MISMATCH = -32020;
    static final int UNSUPPORTED_PROTOCOL_VERSION = -32022;

    private final McpTools tools;
    private final McpPaidCalls paidCalls;
    private final PublicLinks links;
    private final DiscoveryConfig config;

    public McpServer(McpTools tools, McpPaidCalls paidCalls, PublicLinks links, DiscoveryConfig config) {
        this.tools = tools;
        this.paidCalls = paidCalls;
        this.links = links;
        this.config = config;
    }

    /** Who sent the message, for paid tool calls. */
    public record Caller(Map<String, String> headers, String clientIp) {

        /** A header by case-insensitive name, or null. */
        String header(String name) {
            return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(Map.Entry::getValue).findFirst().orElse(null);
        }
    }

    /**
     * Answers one JSON-RPC message.
     *
     * @return the response, or empty for a notification or a client response (HTTP 202)
     */
    public Optional<Map<String, Object>> handle(Object message, Caller caller) {
        if (!(message instanceof Map<?, ?> raw)) {
            return Optional.of(error(null, INVALID_REQUEST, message instanceof List<?>
                    ? "Batches are not supported (removed in MCP 2025-06-18); send one message per request"
                    : "A JSON-RPC message is an object"));
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> request = (Map<String, Object>) raw;
        Object id = request.get("id");
        boolean hasId = request.containsKey("id");
        if (!"2.0".equals(request.get("jsonrpc"))) {
            return Optional.of(error(id, INVALID_REQUEST, "jsonrpc must be \"2.0\""));
        }
        if (!(request.get("method") instanceof String method)) {
            if (hasId && (request.containsKey("result") || request.containsKey("error"))) {
                return Optional.empty();
            }
            return Optional.of(error(id, INVALID_REQUEST, "method must be a string"));
        }
        if (!hasId) {
            return Optional.empty();
        }
        if (id != null && !(id instanceof String) && !(id instanceof Number)) {
            return Optional.of(error(null, INVALID_REQUEST, "id must be a string or a number"));
        }
        Object paramsValue = request.get("params");
        if (paramsValue != null && !(paramsValue instanceof Map<?, ?>)) {
            return Optional.of(error(id, INVALID_PARAMS, "params must be an object"));
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> params = paramsValue == null ? Map.of() : (Map<String, Object>) paramsValue;
        Object metaValue = params.get("_meta");
        Object revision = metaValue instanceof Map<?, ?> meta ? meta.get(META_PROTOCOL_VERSION) : null;
        if (revision != null && !SUPPORTED_VERSIONS.contains(revision)) {
            return Optional.of(error(id, UNSUPPORTED_PROTOCOL_VERSION, "Unsupported protocol version " + revision,
                    Map.of("supported", SUPPORTED_VERSIONS, "requested", revision)));
        }
        String headerVersion = caller.header("MCP-Protocol-Version");
        if (revision != null && headerVersion != null && !headerVersion.equals(revision)) {
            return Optional.of(error(id, HEADER_MISMATCH, "MCP-Protocol-Version " + headerVersion
                    + " does not match _meta " + META_PROTOCOL_VERSION + " " + revision));
        }
        String methodHeader = caller.header("Mcp-Method");
        if (methodHeader != null && !methodHeader.equals(method)) {
            return Optional.of(error(id, HEADER_MISMATCH, "Mcp-Method " + methodHeader + " does not match method " + method));
        }
        String nameHeader = caller.header("Mcp-Name");
        if (nameHeader != null && "tools/call".equals(method) && !nameHeader.equals(params.get("name"))) {
            return Optional.of(error(id, HEADER_MISMATCH, "Mcp-Name " + nameHeader + " does not match params.name"));
        }
        boolean stateless = STATELESS_VERSION.equals(revision)
                || (revision == null && STATELESS_VERSION.equals(headerVersion));
        Map<String, Object> response = switch (method) {
            case "initialize" -> success(id, initialize(params));
            case "server/discover" -> success(id, discover());
            case "ping" -> stateless
                    ? error(id, METHOD_NOT_FOUND, "ping was removed in MCP " + STATELESS_VERSION)
                    : success(id, Map.of());
            case "tools/list" -> success(id, toolList(stateless));
            case "tools/call" -> callTool(id, params, caller);
            default -> error(id, METHOD_NOT_FOUND, "Method not found: " + method);
        };
        if (stateless && response.get("result") instanceof Map<?, ?> result) {
            Map<String, Object> complete = new LinkedHashMap<>();
            complete.put("resultType", "complete");
            result.forEach((k, v) -> complete.put(String.valueOf(k), v));
            response.put("result", complete);
        }
        return Optional.of(response);
    }

    private Map<String, Object> toolList(boolean stateless) {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("tools", tools.list());
        if (stateless) {
            result.put("ttlMs", CACHE_TTL_MS);
            result.put("cacheScope", "public");
        }
        return result;
    }

    /** {@code server/discover} (2026-07-28): what an initialize answer said, without a handshake. */
    private Map<String, Object> discover() {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("resultType", "complete");
        result.put("supportedVersions", SUPPORTED_VERSIONS);
        result.put("capabilities", Map.of("tools", Map.of("listChanged", false)));
        result.put("instructions", instructions());
        result.put("ttlMs", CACHE_TTL_MS);
        result.put("cacheScope", "public");
        result.put("_meta", Map.of(META_SERVER_INFO, serverInfo()));
        return result;
    }

    private Map<String, Object> initialize(Map<String, Object> params) {
        Object requested = params.get("protocolVersion");
        String version = requested instanceof String v && PROTOCOL_VERSIONS.contains(v) ? v : PROTOCOL_VERSIONS.get(0);
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("protocolVersion", version);
        result.put("capabilities", Map.of("tools", Map.of("listChanged", false)));
        result.put("serverInfo", serverInfo());
        result.put("instructions", instructions());
        return result;
    }

    Map<String, Object> serverInfo() {
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("name", "quipu");
        info.put("title", config.serviceName());
        info.put("version", SERVER_VERSION);
        info.put("websiteUrl", links.base());
        info.put("icons", List.of(Map.of("src", links.logo(), "mimeType", "image/png", "sizes", List.of("256x256"))));
        return info;
    }

    static String instructions() {
        return "Each tool is a paid operation (price in its description). Call it; if it answers isError with an x402 "
                + "PaymentRequired in structuredContent, sign one of its accepts and call again with "
                + "params._meta[\"x402/payment\"] = the PaymentPayload (object, or base64 string). The result then "
                + "carries _meta[\"x402/payment-response\"]. Tools marked trial accept x_trial: true (or "
                + "_meta[\"quipu/trial\"]: true) for free trial calls. Pass agent_id to get your own audit chain.";
    }

    private Map<String, Object> callTool(Object id, Map<String, Object> params, Caller caller) {
        if (!(params.get("name") instanceof String name)) {
            return error(id, INVALID_PARAMS, "params.name must name a tool");
        }
        Optional<Operation> op = tools.operation(name);
        if (op.isEmpty()) {
            return error(id, INVALID_PARAMS, "Unknown tool: " + name);
        }
        Object arguments = params.get("arguments");
        if (arguments != null && !(arguments instanceof Map<?, ?>)) {
            return error(id, INVALID_PARAMS, "params.arguments must be an object");
        }
        Object meta = params.get("_meta");
        @SuppressWarnings("unchecked")
        Map<String, Object> args = arguments == null ? Map.of() : (Map<String, Object>) arguments;
        @SuppressWarnings("unchecked")
        Map<String, Object> metaMap = meta instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
        try {
            return success(id, paidCalls.call(op.get(), args, metaMap, caller.headers(), caller.clientIp()));
        } catch (RuntimeException e) {
            return error(id, INTERNAL_ERROR, "The tool could not be run: " + e.getClass().getSimpleName());
        }
    }

    static Map<String, Object> success(Object id, Map<String, Object> result) {
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("jsonrpc", "2.0");
        response.put("id", id);
        response.put("result", result);
        return response;
    }

    static Map<String, Object> error(Object id, int code, String message) {
        return error(id, code, message, null);
    }

    static Map<String, Object> error(Object id, int code, String message, Object data) {
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("jsonrpc", "2.0");
        response.put("id", id);
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", code);
        error.put("message", message);
        if (data != null) {
            error.put("data", data);
        }
        response.put("error", error);
        return response;
    }
}
