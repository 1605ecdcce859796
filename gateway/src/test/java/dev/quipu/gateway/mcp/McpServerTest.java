package dev.quipu.gateway.mcp;

import dev.quipu.contracts.pricebook.PriceBook;
import dev.quipu.gateway.DataBackend;
import dev.quipu.gateway.GatewayHttp;
import dev.quipu.gateway.TestX402Admission;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.net.http.HttpResponse;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static dev.quipu.gateway.GatewayHttp.list;
import static dev.quipu.gateway.GatewayHttp.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

@MicronautTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class McpServerTest implements TestPropertyProvider {

    private static final String SCREEN = "{\"name\":\"Ecopetrol S.A.\",\"country\":\"CO\",\"type\":\"company\"}";

    @Inject
    EmbeddedServer server;
    @Inject
    JsonMapper json;
    @Inject
    PriceBook priceBook;

    DataBackend backend;
    GatewayHttp http;

    @Override
    public Map<String, String> getProperties() {
        backend = new DataBackend();
        Map<String, String> properties = new HashMap<>();
        properties.put("kafka.enabled", "false");
        properties.put("quipu.gateway.paywall.enabled", "false");
        properties.put("quipu.test.x402-admission", "true");
        properties.put("quipu.gateway.public-url", "https://api.quipu.example");
        properties.put("quipu.gateway.mcp.allowed-origins", "https://console.quipu.example, http://localhost:5173");
        properties.putAll(dev.quipu.gateway.BackendUrls.allAt(backend.url()));
        return properties;
    }

    @BeforeAll
    void client() {
        http = new GatewayHttp(server, json);
    }

    @AfterAll
    void stop() {
        backend.close();
    }

    private HttpResponse<byte[]> post(String body) {
        return http.send("POST", "/mcp", body, "Accept", "application/json, text/event-stream");
    }

    private Map<String, Object> rpc(String method, String params) {
        HttpResponse<byte[]> response = post("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"" + method + "\",\"params\":" + params + "}");
        assertEquals(200, response.statusCode(), http.text(response));
        Map<String, Object> answer = http.object(response);
        assertEquals(7, answer.get("id"));
        return answer;
    }

    private Map<String, Object> call(String tool, String arguments, String meta) {
        return map(rpc("tools/call", "{\"name\":\"" + tool + "\",\"arguments\":" + arguments
                + (meta == null ? "" : ",\"_meta\":" + meta) + "}").get("result"));
    }

    @Test
    void initializeNegotiates20251125And20250618AndMintsNoSession() {
        for (String version : List.of("2025-11-25", "2025-06-18")) {
            HttpResponse<byte[]> response = post("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
                    + "{\"protocolVersion\":\"" + version + "\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}");
            Map<String, Object> result = map(http.object(response).get("result"));
            assertEquals(version, result.get("protocolVersion"));
            assertEquals(Map.of("listChanged", false), map(result.get("capabilities")).get("tools"));
            assertEquals("quipu", map(result.get("serverInfo")).get("name"));
            assertTrue(response.headers().firstValue("Mcp-Session-Id").isEmpty());
        }
        Map<String, Object> other = map(rpc("initialize", "{\"protocolVersion\":\"2024-01-01\",\"capabilities\":{}}").get("result"));
        assertEquals("2025-11-25", other.get("protocolVersion"));
    }

    @Test
    void notificationsAreAcceptedWithoutABody() {
        HttpResponse<byte[]> response = post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        assertEquals(202, response.statusCode());
        assertEquals(0, response.body().length);
    }

    @Test
    void pingAnswersAnEmptyResult() {
        assertEquals(Map.of(), rpc("ping", "{}").get("result"));
    }

    @Test
    void toolsListHasOneToolPerPaidOperationWithSchemas() {
        List<Object> tools = list(map(rpc("tools/list", "{}").get("result")).get("tools"));
        assertEquals(priceBook.operations().stream().map(op -> op.id()).toList(),
                tools.stream().map(t -> map(t).get("name")).toList());
        Map<String, Object> screen = map(tools.stream().filter(t -> "sanctions_screen".equals(map(t).get("name")))
                .findFirst().orElseThrow());
        Map<String, Object> input = map(screen.get("inputSchema"));
        assertEquals("object", input.get("type"));
        assertEquals(List.of("name", "country", "type"), input.get("required"));
        assertTrue(map(input.get("properties")).containsKey(McpTools.TRIAL_ARGUMENT));
        assertEquals("object", map(screen.get("outputSchema")).get("type"));
    }

    @Test
    void anUnpaidCallReturnsThePaymentRequiredAsAToolError() {
        Map<String, Object> result = call("sanctions_quick", SCREEN, null);
        assertEquals(true, result.get("isError"));
        Map<String, Object> required = map(result.get("structuredContent"));
        assertEquals(2, required.get("x402Version"));
        Map<String, Object> accept = map(list(required.get("accepts")).get(0));
        assertEquals("10000", accept.get("amount"));
        assertEquals(TestX402Admission.PAY_TO, accept.get("payTo"));
        Object text = map(list(result.get("content")).get(0)).get("text");
        assertEquals(required, http.parse(text.toString().getBytes()));
    }

    @Test
    void aCallPaidWithAPayloadObjectIsServedWithTheSettlement() {
        Map<String, Object> required = map(call("sanctions_quick", SCREEN, null).get("structuredContent"));
        String payload = payload(map(list(required.get("accepts")).get(0)));
        Map<String, Object> result = call("sanctions_quick", SCREEN, "{\"x402/payment\":" + payload + "}");
        assertEquals(false, result.get("isError"), String.valueOf(result));
        assertEquals("LOW", map(result.get("structuredContent")).get("risk_category"));
        Map<String, Object> settlement = map(map(result.get("_meta")).get("x402/payment-response"));
        assertEquals(true, settlement.get("success"));
        assertTrue(backend.received().stream().anyMatch(r -> r.startsWith("POST /sanctions/quick {\"name\"")));
    }

    @Test
    void aCallPaidWithABase64PayloadIsServedAndANonceIsSpentOnce() {
        Map<String, Object> required = map(call("rates", "{\"country\":\"CO\"}", null).get("structuredContent"));
        String encoded = Base64.getEncoder().encodeToString(payload(map(list(required.get("accepts")).get(0))).getBytes());
        Map<String, Object> paid = call("rates", "{\"country\":\"CO\"}", "{\"x402/payment\":\"" + encoded + "\"}");
        assertEquals(false, paid.get("isError"));
        assertEquals(3921.5, map(paid.get("structuredContent")).get("usd_cop"));
        Map<String, Object> replay = call("rates", "{\"country\":\"CO\"}", "{\"x402/payment\":\"" + encoded + "\"}");
        assertEquals(true, replay.get("isError"));
        assertEquals(2, map(replay.get("structuredContent")).get("x402Version"));
    }

    @Test
    void aTrialCallIsServedWithoutPaymentAndTheTrialFlagIsNotForwarded() {
        Map<String, Object> result = call("sanctions_quick",
                "{\"name\":\"Trial Corp\",\"country\":\"MX\",\"type\":\"company\",\"x_trial\":true}", null);
        assertEquals(false, result.get("isError"), String.valueOf(result));
        assertFalse(map(result.get("_meta")).containsKey("x402/payment-response"));
        assertTrue(backend.received().stream().anyMatch(r -> r.contains("Trial Corp") && !r.contains("x_trial")));
        Map<String, Object> viaMeta = call("rates", "{\"country\":\"PE\"}", "{\"quipu/trial\":true}");
        assertEquals(false, viaMeta.get("isError"));
    }

    @Test
    void invalidArgumentsAreAToolErrorWithTheValidationDetail() {
        Map<String, Object> result = call("sanctions_screen", "{\"country\":\"Colombia\",\"type\":\"company\"}", null);
        assertEquals(true, result.get("isError"));
        List<Object> detail = list(map(result.get("structuredContent")).get("detail"));
        assertTrue(detail.stream().anyMatch(d -> List.of("body", "name").equals(map(d).get("loc"))));
        assertEquals(422, map(result.get("_meta")).get("quipu/http_status"));
    }

    @Test
    void protocolErrorsFollowJsonRpc() {
        assertEquals(-32602, map(rpc("tools/call", "{\"name\":\"no_such_tool\",\"arguments\":{}}").get("error")).get("code"));
        assertEquals(-32601, map(rpc("resources/list", "{}").get("error")).get("code"));
        assertEquals(-32602, map(rpc("tools/call", "{\"name\":\"rates\",\"arguments\":[1]}").get("error")).get("code"));
        HttpResponse<byte[]> garbage = post("{not json");
        assertEquals(400, garbage.statusCode());
        Map<String, Object> parseError = http.object(garbage);
        assertEquals(-32700, map(parseError.get("error")).get("code"));
        assertTrue(parseError.containsKey("id"));
        assertNull(parseError.get("id"));
        HttpResponse<byte[]> batch = post("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]");
        assertEquals(-32600, map(http.object(batch).get("error")).get("code"));
        HttpResponse<byte[]> version = http.send("POST", "/mcp", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}",
                "MCP-Protocol-Version", "1999-01-01");
        assertEquals(400, version.statusCode());
    }

    @Test
    void getAnswersTheManifestAndRefusesAnEventStream() {
        Map<String, Object> manifest = http.object(http.get("/mcp"));
        assertEquals(priceBook.operations().size(), list(manifest.get("tools")).size());
        assertEquals(McpServer.SUPPORTED_VERSIONS, manifest.get("protocolVersions"));
        assertEquals(405, http.get("/mcp", "Accept", "text/event-stream").statusCode());
        assertEquals(405, http.send("DELETE", "/mcp", null).statusCode());
    }

    private String payload(Map<String, Object> accepted) {
        Map<String, Object> authorization = Map.of("from", "0x857b06519E91e3A54538791bDbb0E22373e36b66",
                "to", accepted.get("payTo"), "value", accepted.get("amount"), "validAfter", "0",
                "validBefore", "9999999999", "nonce", "0x" + UUID.randomUUID().toString().replace("-", "").repeat(2));
        Map<String, Object> payload = Map.of("x402Version", 2, "accepted", accepted,
                "payload", Map.of("signature", "0x" + "11".repeat(65), "authorization", authorization));
        try {
            return json.writeValueAsString(payload);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static final String STATELESS_META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}";

    private HttpResponse<byte[]> stateless(String method, String params, String... headers) {
        String[] all = new String[headers.length + 4];
        all[0] = "MCP-Protocol-Version";
        all[1] = "2026-07-28";
        all[2] = "Mcp-Method";
        all[3] = method;
        System.arraycopy(headers, 0, all, 4, headers.length);
        return http.send("POST", "/mcp", "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"" + method + "\",\"params\":{"
                + STATELESS_META + (params.isEmpty() ? "" : "," + params) + "}}", all);
    }

    @Test
    void serverDiscoverDescribesTheServerWithoutAHandshake() {
        HttpResponse<byte[]> response = stateless("server/discover", "");
        assertEquals(200, response.statusCode(), http.text(response));
        Map<String, Object> result = map(http.object(response).get("result"));
        assertEquals("complete", result.get("resultType"));
        assertEquals(List.of("2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26"), result.get("supportedVersions"));
        assertEquals(Map.of("listChanged", false), map(result.get("capabilities")).get("tools"));
        assertEquals("quipu", map(map(result.get("_meta")).get("io.modelcontextprotocol/serverInfo")).get("name"));
        assertTrue(((Number) result.get("ttlMs")).longValue() > 0);
        assertTrue(response.headers().firstValue("Mcp-Session-Id").isEmpty());
    }

    @Test
    void statelessResultsCarryTheirResultTypeAndListsTheirCacheHints() {
        Map<String, Object> list = map(http.object(stateless("tools/list", "")).get("result"));
        assertEquals("complete", list.get("resultType"));
        assertEquals("public", list.get("cacheScope"));
        assertEquals(priceBook.operations().size(), list(list.get("tools")).size());
        HttpResponse<byte[]> unpaid = stateless("tools/call", "\"name\":\"sanctions_quick\",\"arguments\":" + SCREEN,
                "Mcp-Name", "sanctions_quick");
        Map<String, Object> refused = map(http.object(unpaid).get("result"));
        assertEquals("complete", refused.get("resultType"));
        assertEquals(true, refused.get("isError"));
        assertEquals(2, map(refused.get("structuredContent")).get("x402Version"));
        assertFalse(map(rpc("tools/list", "{}").get("result")).containsKey("resultType"), "legacy results are unchanged");
    }

    @Test
    void pingIsGoneAndAnUnknownMethodIs404InTheStatelessRevision() {
        HttpResponse<byte[]> ping = stateless("ping", "");
        assertEquals(404, ping.statusCode());
        assertEquals(-32601, map(http.object(ping).get("error")).get("code"));
        assertEquals(404, stateless("resources/list", "").statusCode());
    }

    @Test
    void anUnsupportedRevisionIs400NamingTheSupportedOnes() {
        HttpResponse<byte[]> header = http.send("POST", "/mcp", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}",
                "MCP-Protocol-Version", "2030-01-01");
        assertEquals(400, header.statusCode());
        Map<String, Object> error = map(http.object(header).get("error"));
        assertEquals(-32022, error.get("code"));
        assertEquals(McpServer.SUPPORTED_VERSIONS, map(error.get("data")).get("supported"));
        HttpResponse<byte[]> meta = post("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{\"_meta\":"
                + "{\"io.modelcontextprotocol/protocolVersion\":\"2030-01-01\"}}}");
        assertEquals(400, meta.statusCode());
        assertEquals(-32022, map(http.object(meta).get("error")).get("code"));
    }

    @Test
    void headersThatContradictTheBodyAre400HeaderMismatch() {
        HttpResponse<byte[]> version = http.send("POST", "/mcp", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\","
                + "\"params\":{" + STATELESS_META + "}}", "MCP-Protocol-Version", "2025-11-25");
        assertEquals(400, version.statusCode());
        assertEquals(-32020, map(http.object(version).get("error")).get("code"));
        HttpResponse<byte[]> method = http.send("POST", "/mcp", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\","
                + "\"params\":{" + STATELESS_META + "}}", "MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "tools/call");
        assertEquals(400, method.statusCode(), http.text(method));
        HttpResponse<byte[]> name = stateless("tools/call", "\"name\":\"rates\",\"arguments\":{\"country\":\"CO\"}",
                "Mcp-Name", "sanctions_quick");
        assertEquals(400, name.statusCode());
        assertEquals(-32020, map(http.object(name).get("error")).get("code"));
    }

    @Test
    void aBrowserOriginThatIsNotAllowedIsRefusedWith403() {
        String ping = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}";
        HttpResponse<byte[]> post = http.send("POST", "/mcp", ping, "Origin", "https://evil.example");
        assertEquals(403, post.statusCode());
        assertEquals(-32600, map(http.object(post).get("error")).get("code"));
        assertEquals(403, http.get("/mcp", "Origin", "http://localhost:8080").statusCode());
        assertEquals(403, http.send("DELETE", "/mcp", null, "Origin", "null").statusCode());
    }

    @Test
    void noOriginTheOwnOriginAndConfiguredOriginsAreAllowed() {
        String ping = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}";
        assertEquals(200, post(ping).statusCode());
        for (String origin : List.of("https://api.quipu.example", "https://API.quipu.example:443",
                "https://console.quipu.example", "http://localhost:5173")) {
            assertEquals(200, http.send("POST", "/mcp", ping, "Origin", origin).statusCode(), origin);
        }
        assertEquals(200, http.get("/mcp", "Origin", "https://console.quipu.example").statusCode());
    }
}
