package dev.quipu.report.parts;

import dev.quipu.runtime.ErrorBody;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;

/** A part a verdict needs could not answer: the report answers 503 naming it, with Retry-After, and charges nothing. */
public class PartUnavailable extends RuntimeException {

    private final String part;
    private final long retryAfterSeconds;

    public PartUnavailable(String part, String reason, long retryAfterSeconds) {
        super(reason);
        this.part = part;
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public String part() {
        return part;
    }

    public long retryAfterSeconds() {
        return retryAfterSeconds;
    }

    /** The report's answer: 503 with Retry-After, naming the part; the gateway charges nothing for it. */
    public HttpResponse<ErrorBody> answer() {
        return HttpResponse.<ErrorBody>status(HttpStatus.SERVICE_UNAVAILABLE).header("Retry-After", Long.toString(retryAfterSeconds))
                .body(new ErrorBody("part_unavailable", "No verdict without its parts: " + getMessage() + ".",
                        "Nothing was charged; ask again after Retry-After seconds."));
    }
}
