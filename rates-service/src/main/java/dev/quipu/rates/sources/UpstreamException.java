package dev.quipu.rates.sources;

/** A publisher did not give a usable answer: network error, non-2xx status, or a body we cannot read. */
public class UpstreamException extends RuntimeException {

    private final int status;

    public UpstreamException(String message) {
        this(message, 0, null);
    }

    public UpstreamException(String message, Throwable cause) {
        this(message, 0, cause);
    }

    public UpstreamException(String message, int status, Throwable cause) {
        super(message, cause);
        this.status = status;
    }

    /** The HTTP status the publisher answered with, or 0 when there was no HTTP answer (or it was 2xx). */
    public int status() {
        return status;
    }
}
