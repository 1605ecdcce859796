package dev.quipu.gateway.mcp;

import dev.quipu.contracts.pricebook.InputField;
import dev.quipu.contracts.pricebook.Operation;
import dev.quipu.contracts.validation.ValidationErrorBody;
import dev.quipu.gateway.admission.PaidCall;
import dev.quipu.gateway.discovery.PaymentHeaders;
import dev.quipu.gateway.discovery.PublicLinks;
import dev.quipu.gateway.routing.PaidCallHandler;
import dev.quipu.runtime.JsonRequests;
import dev.quipu.runtime.OperationInput;
import io.micronaut.http.MutableHttpResponse;
import jakarta.inject.Singleton;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code tools/call} on the HTTP payment path: the tool's arguments become the operation's JSON body
 * (or query), {@code _meta["x402/payment"]} becomes {@code PAYMENT-SIGNATURE}, and the call runs
 * through {@link PaidCallHandler} exactly as an HTTP call would (same claim, budgets, audit chain).
 * The HTTP answer is then expressed as an MCP tool result by the x402 MCP transport rules.
 */
@Singleton
public class McpPaidCalls {

    public static final String PAYMENT_META = "x402/payment";
    public static final String PAYMENT_RESPONSE_META = "x402/payment-response";
    public static final String TRIAL_META = "quipu/trial";
    public static final String AGENT_META = "quipu/agent_id";
    public static final String STATUS_META = "quipu/http_status";

    /** Request headers of the MCP POST that the paid call keeps (identity and proxy chain). */
    private static final List<String> KEPT_HEADERS = List.of("x-agent-id", "x-forwarded-for", "x-request-id",
            "user-agent");

    private final OperationInput input;
    private final PaidCallHandler handler;
    private final PaymentHeaders paymentHeaders;
    private final PublicLinks links;
    private final JsonRequests json;

    public McpPaidCalls(OperationInput input, PaidCallHandler handler, PaymentHeaders paymentHeaders,
                        PublicLinks links, JsonRequests json) {
        this.input = input;
        this.handler = handler;
        this.paymentHeaders = paymentHeaders;
        this.links = links;
        this.json = json;
    }

    /**
     * @param arguments   the tool arguments
     * @param meta        {@code params._meta} of the call (may be empty)
     * @param httpHeaders headers of the MCP HTTP request
     * @param clientIp    the MCP caller's address
     */
    public Map<String, Object> call(Operation op, Map<String, Object> arguments, Map<String, Object> meta,
                                    Map<String, String> httpHeaders, String clientIp) {
        Map<String, Object> fields = new LinkedHashMap<>(arguments);
        boolean trial = Boolean.TRUE.equals(fields.remove(McpTools.TRIAL_ARGUMENT)) || isTrue(meta.get(TRIAL_META));
        byte[] body = null;
        Map<String, String> query = new LinkedHashMap<>();
        if (op.takesBody()) {
            body = json.write(fields);
        } else {
            for (InputField field : op.input()) {
                Object value = fields.get(field.name());
                if (value != null) {
                    query.put(field.name(), String.valueOf(value));
                }
            }
        }
        OperationInput.Checked checked = input.check(op, body, query);
        if (!checked.valid()) {
            return invalid(checked.errors());
        }
        Map<String, String> headers = new LinkedHashMap<>();
        httpHeaders.forEach((name, value) -> {
            if (KEPT_HEADERS.contains(name.toLowerCase(java.util.Locale.ROOT))) {
                headers.put(name, value);
            }
        });
        if (body != null) {
            headers.put("Content-Type", "application/json");
        }
        if (meta.get(AGENT_META) instanceof String agent) {
            headers.put("X-Agent-Id", agent);
        }
        Object payment = meta.get(PAYMENT_META);
        if (payment instanceof Map<?, ?> payload) {
            headers.put(PaymentHeaders.PAYMENT_SIGNATURE, paymentHeaders.encode(payload));
        } else if (payment instanceof String encoded && !encoded.isBlank()) {
            headers.put(PaymentHeaders.PAYMENT_SIGNATURE, encoded.trim());
        }
        if (trial) {
            headers.put("X-TRIAL", "true");
        }
        String pathAndQuery = query.isEmpty() ? op.path() : op.path() + "?" + query.entrySet().stream()
                .map(e -> enc(e.getKey()) + "=" + enc(e.getValue())).collect(Collectors.joining("&"));
        PaidCall call = new PaidCall(op, pathAndQuery, body, checked.fields(), query, headers, clientIp,
                links.url(op.path()));
        return result(handler.handle(call));
    }

    /** The HTTP answer of the paid call as an MCP {@code CallToolResult}. */
    Map<String, Object> result(MutableHttpResponse<?> response) {
        int status = response.getStatus().getCode();
        Object body = bodyOf(response);
        if (status == 402) {
            Object required = paymentHeaders.decode(response.getHeaders().get(PaymentHeaders.PAYMENT_REQUIRED))
                    .<Object>map(m -> m).orElse(body);
            return error(required, status);
        }
        if (status >= 200 && status < 300 && body instanceof Map<?, ?>) {
            Map<String, Object> result = new LinkedHashMap<>();
            result.put("content", List.of(text(body)));
            result.put("structuredContent", body);
            result.put("isError", false);
            Map<String, Object> meta = new LinkedHashMap<>();
            paymentHeaders.decode(response.getHeaders().get(PaymentHeaders.PAYMENT_RESPONSE))
                    .ifPresent(settlement -> meta.put(PAYMENT_RESPONSE_META, settlement));
            meta.put(STATUS_META, status);
            result.put("_meta", meta);
            return result;
        }
        return error(body == null ? Map.of("error", "http_" + status) : body, status);
    }

    private Map<String, Object> invalid(ValidationErrorBody errors) {
        Object body = parse(json.write(errors));
        return error(body, 422);
    }

    private Map<String, Object> error(Object structured, int status) {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("content", List.of(text(structured)));
        if (structured instanceof Map<?, ?>) {
            result.put("structuredContent", structured);
        }
        result.put("isError", true);
        result.put("_meta", Map.of(STATUS_META, status));
        return result;
    }

    private Map<String, Object> text(Object value) {
        return Map.of("type", "text", "text", PaymentHeaders.utf8(json.write(value)));
    }

    private Object bodyOf(MutableHttpResponse<?> response) {
        Object body = response.getBody().orElse(null);
        if (body == null) {
            return null;
        }
        if (body instanceof byte[] bytes) {
            return parseOrText(bytes);
        }
        if (body instanceof CharSequence text) {
            return parseOrText(text.toString().getBytes(StandardCharsets.UTF_8));
        }
        return parse(json.write(body));
    }

    private Object parseOrText(byte[] bytes) {
        try {
            Object parsed = json.parse(bytes);
            return parsed == null ? null : parsed;
        } catch (JsonRequests.MalformedJson e) {
            return Map.of("text", PaymentHeaders.utf8(bytes));
        }
    }

    private Object parse(byte[] bytes) {
        try {
            return json.parse(bytes);
        } catch (JsonRequests.MalformedJson e) {
            throw new IllegalStateException("the gateway's own JSON did not parse", e);
        }
    }

    private static boolean isTrue(Object value) {
        return Boolean.TRUE.equals(value) || "true".equals(value);
    }

    private static String enc(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
