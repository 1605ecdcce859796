package dev.quipu.registry.store;

/** The registry's database could not be read or written. Lookups answer 503 with Retry-After. */
public class StoreException extends RuntimeException {

    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
