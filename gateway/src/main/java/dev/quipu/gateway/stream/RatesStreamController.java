package dev.quipu.gateway.stream;

import dev.quipu.contracts.pricebook.Operation;
import dev.quipu.contracts.pricebook.PriceBook;
import dev.quipu.gateway.admission.PaidCall;
import dev.quipu.gateway.paywall.ClientAddress;
import dev.quipu.gateway.paywall.PaywallConfig;
import dev.quipu.gateway.routing.GatewayConfig;
import dev.quipu.gateway.routing.PaidCallHandler;
import dev.quipu.runtime.ErrorBody;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.sse.Event;
import io.micronaut.json.JsonMapper;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Flux;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code GET /rates/stream}: validates the query, decides access (a paid stream consumes its token
 * before the first byte; a trial stream counts each event), then streams server-sent events. This
 * literal route wins over the generic {@code /{+path}} routes of the gateway.
 */
@Controller
public class RatesStreamController {

    private static final Logger LOG = LoggerFactory.getLogger(RatesStreamController.class);
    static final String TOKEN_HINT = "Buy a stream token at POST or GET /rates/stream/token?country=<country>"
            + " (0.02 USDC, valid 5 minutes, one stream), or pass the payment itself as x_payment.";

    private final StreamParameters parameters;
    private final RatesStream streams;
    private final StreamAccess access;
    private final PaidCallHandler paidCalls;
    private final PriceBook priceBook;
    private final GatewayConfig gateway;
    private final JsonMapper json;
    private final ClientAddress clientAddress;

    public RatesStreamController(StreamParameters parameters, RatesStream streams, StreamAccess access,
                                 PaidCallHandler paidCalls, PriceBook priceBook, GatewayConfig gateway,
                                 JsonMapper json, PaywallConfig paywall) {
        this.parameters = parameters;
        this.streams = streams;
        this.access = access;
        this.paidCalls = paidCalls;
        this.priceBook = priceBook;
        this.gateway = gateway;
        this.json = json;
        // the same resolution as the paywall's trials: X-Forwarded-For only from trusted proxies
        this.clientAddress = new ClientAddress(paywall.trustedProxies());
    }

    @Get(value = "/rates/stream", produces = {MediaType.TEXT_EVENT_STREAM, MediaType.APPLICATION_JSON})
    @ExecuteOn(TaskExecutors.BLOCKING)
    MutableHttpResponse<?> stream(HttpRequest<?> request) {
        Map<String, String> query = new LinkedHashMap<>();
        request.getParameters().forEach((name, values) -> {
            if (!values.isEmpty()) {
                query.put(name, values.get(0));
            }
        });
        StreamParameters.Result parsed = parameters.parse(query);
        if (!parsed.valid()) {
            return HttpResponse.unprocessableEntity().contentType(MediaType.APPLICATION_JSON_TYPE).body(parsed.errors());
        }
        StreamRequest req = parsed.request();
        String socketIp = request.getRemoteAddress().getAddress().getHostAddress();
        Map<String, String> extraHeaders = new LinkedHashMap<>();
        EventGate gate;
        if (req.paid()) {
            String token = req.streamToken();
            if (token == null) {
                Purchase purchase = buyToken(req, request, socketIp);
                if (purchase.refusal() != null) {
                    return asJson(purchase.refusal());
                }
                token = purchase.token();
                extraHeaders.putAll(purchase.paymentHeaders());
            }
            MutableHttpResponse<?> refused = consume(token, req.country());
            if (refused != null) {
                return asJson(refused);
            }
            gate = EventGate.PAID;
        } else {
            gate = trialGate(clientAddress.resolve(socketIp, request.getHeaders().get("X-Forwarded-For")));
        }
        Flux<Event<String>> events = streams.open(req.country(), req.interval(), req.maxEvents(), gate);
        MutableHttpResponse<Flux<Event<String>>> response = HttpResponse.ok(events)
                .contentType(MediaType.TEXT_EVENT_STREAM_TYPE)
                .header("Cache-Control", "no-store")
                .header("X-Accel-Buffering", "no");
        extraHeaders.forEach(response::header);
        return response;
    }

    /** Refusals are JSON even for a client that asked for text/event-stream only. */
    private static MutableHttpResponse<?> asJson(MutableHttpResponse<?> response) {
        if (response.getContentType().isEmpty() || response.getContentType().get().equals(MediaType.TEXT_EVENT_STREAM_TYPE)) {
            response.contentType(MediaType.APPLICATION_JSON_TYPE);
        }
        return response;
    }

    /** A token bought with x_payment: either the refusal to answer, or the token and the payment's headers. */
    private record Purchase(MutableHttpResponse<?> refusal, String token, Map<String, String> paymentHeaders) {
        static Purchase refused(MutableHttpResponse<?> response) {
            return new Purchase(response, null, Map.of());
        }
    }

    /**
     * x_payment: the query carries the payment of a token. The token operation runs exactly as if the
     * caller had paid {@code /rates/stream/token} with PAYMENT-SIGNATURE = x_payment (same price,
     * same settlement, same call event); its token is then consumed for this stream.
     *
     */
    private Purchase buyToken(StreamRequest req, HttpRequest<?> request, String socketIp) {
        Operation op = priceBook.find("POST", "/rates/stream/token")
                .orElseThrow(() -> new IllegalStateException("the price book has no stream token operation"));
        String path = "/rates/stream/token";
        Map<String, String> callHeaders = new LinkedHashMap<>();
        callHeaders.put("PAYMENT-SIGNATURE", req.xPayment());
        String forwardedFor = request.getHeaders().get("X-Forwarded-For");
        if (forwardedFor != null) {
            callHeaders.put("X-Forwarded-For", forwardedFor);
        }
        String agent = request.getHeaders().get("X-Agent-Id");
        if (agent != null) {
            callHeaders.put("X-Agent-Id", agent);
        }
        PaidCall call = new PaidCall(op, path + "?country=" + req.country(), null, Map.of(),
                Map.of("country", req.country()), callHeaders, socketIp,
                gateway.publicUrl().toString().replaceAll("/$", "") + path);
        MutableHttpResponse<?> answer = paidCalls.handle(call);
        if (answer.getStatus() != HttpStatus.OK) {
            return Purchase.refused(answer);
        }
        String token = answer.getBody(byte[].class).map(this::tokenOf).orElse(null);
        if (token == null) {
            LOG.error("the paid stream token operation answered 200 without a stream_token");
            return Purchase.refused(HttpResponse.status(HttpStatus.BAD_GATEWAY).body(ErrorBody.of(
                    "stream_token_missing", "The payment went through but no stream token came back; contact the"
                            + " operator with the PAYMENT-RESPONSE header.")));
        }
        Map<String, String> headers = new LinkedHashMap<>();
        answer.getHeaders().forEach((name, values) -> {
            if (name.toUpperCase(java.util.Locale.ROOT).contains("PAYMENT")) {
                headers.put(name, values.get(0));
            }
        });
        return new Purchase(null, token, headers);
    }

    private String tokenOf(byte[] body) {
        try {
            Map<?, ?> fields = json.readValue(body, Map.class);
            return fields.get("stream_token") instanceof String s ? s : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** @return null when the token was consumed now, or the refusal */
    private MutableHttpResponse<?> consume(String token, String country) {
        StreamAccess.TokenVerdict verdict;
        try {
            verdict = access.consumeToken(token, country);
        } catch (StreamAccess.Unavailable e) {
            LOG.warn("stream token not checked: {}", e.getMessage());
            return HttpResponse.status(HttpStatus.SERVICE_UNAVAILABLE).header("Retry-After", "5")
                    .body(ErrorBody.of("payments_unavailable",
                            "The stream token could not be checked right now; it was not used. Retry shortly."));
        }
        if (verdict.consumed()) {
            return null;
        }
        return HttpResponse.status(HttpStatus.PAYMENT_REQUIRED)
                .body(new ErrorBody(verdict.error(), verdict.message(), TOKEN_HINT));
    }

    private EventGate trialGate(String clientIp) {
        return () -> {
            StreamAccess.TrialSlot slot = access.takeTrialEvent(clientIp);
            if (slot.granted()) {
                return EventGate.Pass.GRANTED;
            }
            Map<String, Object> limit = new LinkedHashMap<>();
            limit.put("error", "trial_exhausted");
            limit.put("message", "The " + slot.limit() + " free stream events for this address in the last "
                    + slot.windowHours() + " h are used up.");
            limit.put("hint", TOKEN_HINT);
            limit.put("retry_after_seconds", slot.retryAfterSeconds());
            return new EventGate.Pass(false, streams.data(limit));
        };
    }
}
