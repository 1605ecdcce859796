package dev.quipu.gateway.stream;

/**
 * Asked before every {@code rates} event of a stream: may it be sent? A paid stream always may (its
 * token was consumed when it opened); a trial stream takes one trial event slot each time.
 */
@FunctionalInterface
public interface EventGate {

    /** May block (it may ask payment-service); it runs off the event loop. */
    Pass next() throws Exception;

    /** @param limit when not granted: the {@code limit} event's JSON data */
    record Pass(boolean granted, String limit) {
        public static final Pass GRANTED = new Pass(true, null);
    }

    EventGate PAID = () -> Pass.GRANTED;

    default boolean blocking() {
        return this != PAID;
    }
}
