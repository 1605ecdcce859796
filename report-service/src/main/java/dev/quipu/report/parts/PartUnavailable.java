package dev.quipu.report.parts;

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
}
