package dev.quipu.registry.lookup;

/** A live source could not answer: the lookup falls back on the store, or answers 503 when nothing is kept. */
public class LiveSourceException extends RuntimeException {

    public LiveSourceException(String message) {
        super(message);
    }

    public LiveSourceException(String message, Throwable cause) {
        super(message, cause);
    }
}
