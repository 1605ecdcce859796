package dev.quipu.payment.stream;

import dev.quipu.contracts.pricebook.Operation;
import dev.quipu.contracts.pricebook.PriceBook;
import dev.quipu.runtime.ErrorBody;
import dev.quipu.runtime.OperationInput;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Post;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;

import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code POST} and {@code GET /rates/stream/token}: the paid operation behind which the gateway's
 * paywall sits; once admitted, the call lands here and a token is minted. Also the internal
 * consumption endpoint the stream calls.
 */
@Controller
@ExecuteOn(TaskExecutors.BLOCKING)
public class StreamTokenController {

    private final StreamTokens tokens;
    private final OperationInput input;
    private final PriceBook priceBook;

    public StreamTokenController(StreamTokens tokens, OperationInput input, PriceBook priceBook) {
        this.tokens = tokens;
        this.input = input;
        this.priceBook = priceBook;
    }

    @Post("/rates/stream/token")
    HttpResponse<?> post(HttpRequest<?> request) {
        return mint(priceBook.byId("rates_stream_token").orElseThrow(), request);
    }

    @Get("/rates/stream/token")
    HttpResponse<?> get(HttpRequest<?> request) {
        return mint(priceBook.byId("rates_stream_token_get").orElseThrow(), request);
    }

    private HttpResponse<?> mint(Operation op, HttpRequest<?> request) {
        Map<String, String> query = new LinkedHashMap<>();
        request.getParameters().forEach((k, v) -> query.put(k, v.get(0)));
        OperationInput.Checked checked = input.check(op, null, query);
        if (!checked.valid()) {
            return HttpResponse.unprocessableEntity().body(checked.errors());
        }
        String country = query.getOrDefault("country", op.field("country").map(f -> f.defaultValue()).orElse("CO"));
        try {
            StreamTokens.Minted minted = tokens.mint(country);
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("stream_token", minted.token());
            body.put("country", minted.country());
            body.put("expires_at", minted.expiresAt().toString());
            return HttpResponse.ok(body).header("Cache-Control", "no-store");
        } catch (SQLException e) {
            return HttpResponse.serverError(ErrorBody.of("token_unavailable", "The token could not be issued; retry."));
        }
    }


    /**
     * Internal (never routed by the gateway): consumes a token atomically for a stream of
     * {@code country}. 200 with the token's country and expiry; 404 unknown; 410 used or expired;
     * 409 bound to another country (not consumed).
     */
    @Post("/internal/stream-tokens/consume")
    HttpResponse<?> consume(@Body Map<String, Object> body) {
        Object token = body.get("stream_token");
        Object country = body.get("country");
        if (!(token instanceof String t) || t.isBlank() || !(country instanceof String cc) || !cc.matches("[A-Z]{2}")) {
            return HttpResponse.unprocessableEntity().body(ErrorBody.of("invalid_request",
                    "stream_token (string) and country (ISO alpha-2, upper case) are required"));
        }
        try {
            StreamTokens.Consumed consumed = tokens.consume(t, cc);
            if (consumed.ok()) {
                Map<String, Object> ok = new LinkedHashMap<>();
                ok.put("country", consumed.country());
                ok.put("expires_at", consumed.expiresAt().toString());
                return HttpResponse.ok(ok);
            }
            return switch (consumed.refusal()) {
                case UNKNOWN -> HttpResponse.notFound(ErrorBody.of("stream_token_unknown", "No such stream token."));
                case USED -> HttpResponse.status(io.micronaut.http.HttpStatus.GONE)
                        .body(ErrorBody.of("stream_token_used", "This stream token was already used; buy a new one."));
                case EXPIRED -> HttpResponse.status(io.micronaut.http.HttpStatus.GONE)
                        .body(ErrorBody.of("stream_token_expired", "This stream token expired; buy a new one."));
                case WRONG_COUNTRY -> HttpResponse.status(io.micronaut.http.HttpStatus.CONFLICT)
                        .body(ErrorBody.of("stream_token_country_mismatch", "This stream token was issued for "
                                + consumed.country() + ", not " + cc + "."));
            };
        } catch (SQLException e) {
            return HttpResponse.serverError(ErrorBody.of("token_unavailable", "The token could not be checked; retry."));
        }
    }
}
