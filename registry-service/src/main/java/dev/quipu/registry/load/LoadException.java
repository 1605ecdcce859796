package dev.quipu.registry.load;

/** A load could not run: the file could not be fetched or read, or does not match its declared checksum. */
public class LoadException extends RuntimeException {

    public LoadException(String message) {
        super(message);
    }

    public LoadException(String message, Throwable cause) {
        super(message, cause);
    }
}
