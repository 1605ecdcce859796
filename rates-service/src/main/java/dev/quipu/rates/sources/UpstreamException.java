package dev.quipu.rates.sources;

/** A publisher did not give a usable answer: network error, non-2xx status, or a body we cannot read. */
public class UpstreamException extends RuntimeException {

    public UpstreamException(String message) {
        super(message);
    }

    public UpstreamException(String message, Throwable cause) {
        super(message, cause);
    }
}
