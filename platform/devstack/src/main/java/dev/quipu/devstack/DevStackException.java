package dev.quipu.devstack;

/** The devstack could not start or stay up; the message says what failed and where to look. */
public class DevStackException extends RuntimeException {

    public DevStackException(String message) {
        super(message);
    }

    public DevStackException(String message, Throwable cause) {
        super(message, cause);
    }
}
