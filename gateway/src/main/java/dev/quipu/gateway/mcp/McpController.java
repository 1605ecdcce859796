package dev.quipu.gateway.mcp;

import dev.quipu.gateway.discovery.PublicLinks;
import dev.quipu.runtime.ErrorBody;
import dev.quipu.runtime.JsonRequests;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Post;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code /mcp} over Streamable HTTP, JSON responses only (SSE is optional in every revision):
 * POST carries one JSON-RPC message; GET answers the manifest (or 405 to a client that asks for
 * a server-sent event stream); DELETE is 405 because no session exists.
 */
@Controller("/mcp")
@ExecuteOn(TaskExecutors.BLOCKING)
public class McpController {

    private final McpServer server;
    private final McpTools tools;
    private final PublicLinks links;
    private final JsonRequests json;
    private final OriginPolicy origins;

    public McpController(McpServer server, McpTools tools, PublicLinks links, JsonRequests json, OriginPolicy origins) {
        this.server = server;
        this.tools = tools;
        this.links = links;
        this.json = json;
        this.origins = origins;
    }

    private boolean forbidden(HttpRequest<?> request) {
        return !origins.allows(request.getHeaders().get("Origin"));
    }

    private static MutableHttpResponse<?> originRefused(HttpRequest<?> request) {
        return HttpResponse.status(HttpStatus.FORBIDDEN).body(ErrorBody.of("origin_not_allowed",
                "Origin " + request.getHeaders().get("Origin") + " may not call this MCP server. Agents send no Origin;"
                        + " an operator allows a browser origin with QUIPU_GATEWAY_MCP_ALLOWED_ORIGINS."));
    }

    /** Consumes JSON exactly: a wildcard would rank below the catch-all route of the price book. */
    @Post(consumes = MediaType.APPLICATION_JSON)
    MutableHttpResponse<?> post(HttpRequest<?> request, @Nullable @Body byte[] body) {
        if (forbidden(request)) {
            return jsonRpc(HttpStatus.FORBIDDEN, McpServer.error(null, McpServer.INVALID_REQUEST,
                    "Origin " + request.getHeaders().get("Origin") + " is not allowed to call this MCP server"));
        }
        String version = request.getHeaders().get("MCP-Protocol-Version");
        if (version != null && !McpServer.SUPPORTED_VERSIONS.contains(version)) {
            return jsonRpc(HttpStatus.BAD_REQUEST, McpServer.error(null, McpServer.UNSUPPORTED_PROTOCOL_VERSION,
                    "Unsupported MCP-Protocol-Version " + version + "; supported: " + McpServer.SUPPORTED_VERSIONS,
                    Map.of("supported", McpServer.SUPPORTED_VERSIONS, "requested", version)));
        }
        Object message;
        try {
            message = json.parse(body);
        } catch (JsonRequests.MalformedJson e) {
            return jsonRpc(HttpStatus.BAD_REQUEST, McpServer.error(null, McpServer.PARSE_ERROR, "Parse error: not JSON"));
        }
        if (message == null) {
            return jsonRpc(HttpStatus.BAD_REQUEST, McpServer.error(null, McpServer.INVALID_REQUEST, "Empty body"));
        }
        Map<String, String> headers = new LinkedHashMap<>();
        request.getHeaders().forEach((name, values) -> {
            if (!values.isEmpty()) {
                headers.put(name, values.get(0));
            }
        });
        String clientIp = request.getRemoteAddress().getAddress().getHostAddress();
        Optional<Map<String, Object>> response = server.handle(message, new McpServer.Caller(headers, clientIp));
        if (response.isEmpty()) {
            return HttpResponse.status(HttpStatus.ACCEPTED);
        }
        Object code = response.get().get("error") instanceof Map<?, ?> error ? error.get("code") : null;
        HttpStatus status = HttpStatus.OK;
        if (code != null && List.of(McpServer.INVALID_REQUEST, McpServer.HEADER_MISMATCH,
                McpServer.UNSUPPORTED_PROTOCOL_VERSION).contains(code)) {
            status = HttpStatus.BAD_REQUEST;
        } else if (Integer.valueOf(McpServer.METHOD_NOT_FOUND).equals(code) && McpServer.STATELESS_VERSION.equals(version)) {
            status = HttpStatus.NOT_FOUND; // the 2026-07-28 transport answers an unknown method with 404
        }
        return jsonRpc(status, response.get());
    }

    @Get(produces = {MediaType.APPLICATION_JSON, MediaType.TEXT_EVENT_STREAM})
    MutableHttpResponse<?> manifest(HttpRequest<?> request) {
        if (forbidden(request)) {
            return originRefused(request);
        }
        boolean wantsStream = request.getHeaders().accept().stream()
                .anyMatch(t -> t.matches(MediaType.TEXT_EVENT_STREAM_TYPE))
                && request.getHeaders().accept().stream().noneMatch(t -> t.matches(MediaType.APPLICATION_JSON_TYPE));
        if (wantsStream) {
            return HttpResponse.status(HttpStatus.METHOD_NOT_ALLOWED).header("Allow", "GET, POST")
                    .body(ErrorBody.of("method_not_allowed", "This MCP server sends no server-initiated stream."));
        }
        Map<String, Object> manifest = new LinkedHashMap<>();
        manifest.put("name", "quipu");
        manifest.put("serverInfo", server.serverInfo());
        manifest.put("endpoint", links.mcp());
        manifest.put("transport", "streamable-http");
        manifest.put("protocolVersions", McpServer.SUPPORTED_VERSIONS);
        manifest.put("capabilities", Map.of("tools", Map.of("listChanged", false)));
        manifest.put("instructions", McpServer.instructions());
        manifest.put("payment", Map.of("protocol", "x402-v2", "binding", "tool-result",
                "request_meta", McpPaidCalls.PAYMENT_META, "response_meta", McpPaidCalls.PAYMENT_RESPONSE_META,
                "trial", Map.of("argument", McpTools.TRIAL_ARGUMENT, "meta", McpPaidCalls.TRIAL_META),
                "agent_meta", McpPaidCalls.AGENT_META));
        manifest.put("tools", tools.list());
        return HttpResponse.ok(json.write(manifest)).contentType(MediaType.APPLICATION_JSON_TYPE);
    }

    @Delete
    MutableHttpResponse<?> delete(HttpRequest<?> request) {
        if (forbidden(request)) {
            return originRefused(request);
        }
        return HttpResponse.status(HttpStatus.METHOD_NOT_ALLOWED).header("Allow", "GET, POST")
                .body(ErrorBody.of("method_not_allowed", "This MCP server is stateless: there is no session to end."));
    }

    private MutableHttpResponse<?> jsonRpc(HttpStatus status, Map<String, Object> body) {
        return HttpResponse.status(status).contentType(MediaType.APPLICATION_JSON_TYPE).body(json.write(body));
    }
}
