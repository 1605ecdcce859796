package dev.quipu.gateway.stream;

import dev.quipu.contracts.pricebook.Service;
import dev.quipu.gateway.routing.Backends;
import dev.quipu.runtime.JsonRequests;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.json.JsonMapper;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * The stream's access decisions, taken by payment-service in its PostgreSQL so that they hold across
 * every gateway instance: a trial event slot per client address (3 per rolling 24 h), and the atomic
 * consumption of a single-use stream token. The gateway keeps no count of its own.
 */
@Singleton
public class StreamAccess {

    static final String TRIAL_EVENTS = "/internal/stream-access/trial-events";
    /** payment-service's own endpoint (package dev.quipu.payment.stream): 200, 404, 409, 410 */
    static final String CONSUME_TOKEN = "/internal/stream-tokens/consume";
    private static final Map<String, String> JSON = Map.of("Content-Type", "application/json");

    private final Backends backends;
    private final JsonRequests writer;
    private final JsonMapper json;

    public StreamAccess(Backends backends, JsonRequests writer, JsonMapper json) {
        this.backends = backends;
        this.writer = writer;
        this.json = json;
    }

    @Serdeable(naming = SnakeCaseStrategy.class)
    public record TrialRequest(String clientIp) {
    }

    /** Whether one more trial event may be sent to this address, and when the oldest slot frees up. */
    @Serdeable(naming = SnakeCaseStrategy.class)
    public record TrialSlot(boolean granted, int used, int limit, long retryAfterSeconds, long windowHours) {
    }

    @Serdeable(naming = SnakeCaseStrategy.class)
    public record ConsumeRequest(String streamToken, String country) {
    }

    /**
     * @param consumed true when this call used the token up (it never works again)
     * @param error    when not consumed: payment-service's code ({@code stream_token_unknown},
     *                 {@code stream_token_used}, {@code stream_token_expired}, {@code stream_token_country_mismatch})
     * @param message  when not consumed: why, in words
     */
    public record TokenVerdict(boolean consumed, @Nullable String error, @Nullable String message) {
    }

    @Serdeable
    record Refusal(@Nullable String error, @Nullable String message) {
    }

    /** payment-service could not be asked or answered something unusable: nothing is granted. */
    public static final class Unavailable extends Exception {
        public Unavailable(String message) {
            super(message);
        }
    }

    public TrialSlot takeTrialEvent(String clientIp) throws Unavailable {
        return ask(TRIAL_EVENTS, new TrialRequest(clientIp), TrialSlot.class);
    }

    public TokenVerdict consumeToken(String token, String country) throws Unavailable {
        Backends.BackendAnswer answer = backends.forward(Service.PAYMENT, "POST", CONSUME_TOKEN,
                writer.write(new ConsumeRequest(token, country)), JSON);
        if (answer.succeeded()) {
            return new TokenVerdict(true, null, null);
        }
        if (!answer.reached() || !List.of(404, 409, 410).contains(answer.status()) || answer.body() == null) {
            throw new Unavailable("payment-service " + CONSUME_TOKEN + ": "
                    + (answer.reached() ? "HTTP " + answer.status() : answer.failure()));
        }
        try {
            Refusal refusal = json.readValue(answer.body(), Refusal.class);
            return new TokenVerdict(false, refusal.error() == null ? "stream_token_invalid" : refusal.error(),
                    refusal.message() == null ? "This stream token cannot open a stream." : refusal.message());
        } catch (IOException | RuntimeException e) {
            throw new Unavailable("payment-service " + CONSUME_TOKEN + " answered something unreadable: " + e.getMessage());
        }
    }

    private <T> T ask(String path, Object request, Class<T> type) throws Unavailable {
        Backends.BackendAnswer answer = backends.forward(Service.PAYMENT, "POST", path, writer.write(request), JSON);
        if (!answer.succeeded() || answer.body() == null) {
            throw new Unavailable("payment-service " + path + ": "
                    + (answer.reached() ? "HTTP " + answer.status() : answer.failure()));
        }
        try {
            return json.readValue(answer.body(), type);
        } catch (IOException | RuntimeException e) {
            throw new Unavailable("payment-service " + path + " answered something unreadable: " + e.getMessage());
        }
    }
}
