package dev.quipu.payment.streamaccess;

import dev.quipu.runtime.ErrorBody;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Post;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Internal (never routed by the gateway): the gateway's rates stream takes one trial event here
 * before each free {@code rates} event it sends. Answer 200
 * {@code {"granted", "used", "limit", "retry_after_seconds", "window_hours"}}.
 */
@Controller("/internal/stream-access")
@ExecuteOn(TaskExecutors.BLOCKING)
public class StreamAccessController {

    private static final Logger LOG = LoggerFactory.getLogger(StreamAccessController.class);

    private final StreamTrialEvents trialEvents;

    public StreamAccessController(StreamTrialEvents trialEvents) {
        this.trialEvents = trialEvents;
    }

    @Post("/trial-events")
    HttpResponse<?> takeTrialEvent(@Body Map<String, Object> body) {
        if (!(body.get("client_ip") instanceof String clientIp) || clientIp.isBlank() || clientIp.length() > 64) {
            return HttpResponse.unprocessableEntity().body(ErrorBody.of("invalid_request",
                    "client_ip (string, at most 64 characters) is required"));
        }
        try {
            StreamTrialEvents.Slot slot = trialEvents.take(clientIp);
            Map<String, Object> answer = new LinkedHashMap<>();
            answer.put("granted", slot.granted());
            answer.put("used", slot.used());
            answer.put("limit", slot.limit());
            answer.put("retry_after_seconds", Math.max(0, (slot.retryAfter().toMillis() + 999) / 1000));
            answer.put("window_hours", slot.window().toHours());
            return HttpResponse.ok(answer);
        } catch (SQLException e) {
            LOG.error("stream trial event not counted: {}", e.toString());
            return HttpResponse.serverError(ErrorBody.of("trial_unavailable", "The trial could not be counted; retry."));
        }
    }
}
