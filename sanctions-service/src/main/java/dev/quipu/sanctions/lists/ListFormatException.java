package dev.quipu.sanctions.lists;

/** A list file that cannot be read as its format says. */
public class ListFormatException extends RuntimeException {
    public ListFormatException(String message) {
        super(message);
    }

    public ListFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
