package dev.quipu.gateway.stream;

import dev.quipu.contracts.pricebook.InputField;
import dev.quipu.contracts.pricebook.Operation;
import dev.quipu.contracts.pricebook.PriceBook;
import dev.quipu.contracts.pricebook.Service;
import dev.quipu.contracts.validation.RequestValidator;
import dev.quipu.contracts.validation.ValidationError;
import dev.quipu.contracts.validation.ValidationErrorBody;
import jakarta.inject.Singleton;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.quipu.contracts.pricebook.FieldType.INTEGER;
import static dev.quipu.contracts.pricebook.FieldType.STRING;
import static dev.quipu.contracts.pricebook.InputField.query;

/**
 * The query of {@code GET /rates/stream}, checked by the same {@link RequestValidator} as every paid
 * operation, so that a bad value gets the spec's 422 body ({@code loc: ["query", "interval"]}). The
 * stream is a free route of the gateway, not a price-book operation, so its fields are listed here.
 */
@Singleton
public class StreamParameters {

    public static final int MIN_INTERVAL = 5;
    public static final int MAX_INTERVAL = 300;
    public static final int DEFAULT_INTERVAL = 30;
    public static final int DEFAULT_MAX_EVENTS = 10;
    /** Tokens are URL-safe and short; anything else is refused before payment-service is asked. */
    static final String TOKEN_PATTERN = "^[A-Za-z0-9_\\-.~]{16,128}$";
    static final int MAX_PAYMENT_CHARS = 8192;

    private final RequestValidator validator = new RequestValidator();
    private final Operation fields;
    private final int maxEventsLimit;

    public StreamParameters(StreamConfig config) {
        this.maxEventsLimit = config.maxEventsLimit();
        this.fields = new Operation("rates_stream", "GET", "/rates/stream", BigDecimal.ZERO, true, Service.GATEWAY,
                List.of(
                        query("country", STRING).allowed(PriceBook.RATE_COUNTRIES).defaultValue("CO")
                                .describedAs("Country of the rates"),
                        query("interval", INTEGER).range(MIN_INTERVAL, MAX_INTERVAL)
                                .defaultValue(Integer.toString(DEFAULT_INTERVAL))
                                .describedAs("Longest gap in seconds between two rates events"),
                        query("max_events", INTEGER).range(1, maxEventsLimit)
                                .defaultValue(Integer.toString(DEFAULT_MAX_EVENTS))
                                .describedAs("Number of rates events before the stream ends"),
                        query("stream_token", STRING).pattern(TOKEN_PATTERN)
                                .describedAs("Single-use token from /rates/stream/token"),
                        query("x_payment", STRING).maxLength(MAX_PAYMENT_CHARS)
                                .describedAs("x402 payment payload for a token, paid like /rates/stream/token")),
                List.of("rates", "end", "limit", "error"), "Server-sent event stream of central-bank rates");
    }

    /** The fields of the stream's query, for documentation. */
    public List<InputField> fields() {
        return fields.input();
    }

    /** The request, or the 422 body listing every problem. */
    public Result parse(Map<String, String> query) {
        List<ValidationError> errors = new ArrayList<>(validator.validate(fields, null, query));
        String token = blankToNull(query.get("stream_token"));
        String payment = blankToNull(query.get("x_payment"));
        if (token != null && payment != null) {
            errors.add(new ValidationError(List.of("query", "x_payment"),
                    "Give either stream_token or x_payment, not both", "value_error"));
        }
        if (!errors.isEmpty()) {
            return new Result(null, new ValidationErrorBody(errors));
        }
        String country = query.getOrDefault("country", "CO");
        int interval = integer(query.get("interval"), DEFAULT_INTERVAL);
        int maxEvents = integer(query.get("max_events"), DEFAULT_MAX_EVENTS);
        return new Result(new StreamRequest(country, Duration.ofSeconds(interval), maxEvents, token, payment), null);
    }

    public int maxEventsLimit() {
        return maxEventsLimit;
    }

    public record Result(StreamRequest request, ValidationErrorBody errors) {
        public boolean valid() {
            return errors == null;
        }
    }

    private static int integer(String value, int fallback) {
        // already checked: an integral number within range ("30", "30.0")
        return value == null ? fallback : new BigDecimal(value.trim()).intValueExact();
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
