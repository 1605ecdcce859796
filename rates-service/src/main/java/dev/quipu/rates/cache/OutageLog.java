package dev.quipu.rates.cache;

import org.slf4j.Logger;

import java.time.Duration;
import java.time.Instant;

/**
 * The log of one source's outages: a publisher that is down is asked every few minutes, and a line
 * per attempt would bury everything else. The first failure of an outage is a WARN, the repeats are
 * DEBUG, the first success after it is an INFO with how long it lasted. Not thread-safe: the
 * source's refresh lock guards it.
 */
final class OutageLog {

    enum Level { WARN, DEBUG, INFO }

    /** Where the lines go (SLF4J in the service, a list in tests). */
    interface Sink {
        void log(Level level, String message);

        static Sink of(Logger log) {
            return (level, message) -> {
                switch (level) {
                    case WARN -> log.warn(message);
                    case INFO -> log.info(message);
                    default -> log.debug(message);
                }
            };
        }
    }

    private final String sourceId;
    private final Sink sink;
    private int failures;
    private Instant since;

    OutageLog(String sourceId, Sink sink) {
        this.sourceId = sourceId;
        this.sink = sink;
    }

    /** @param serving what is served meanwhile, @param retry how often the publisher is asked again */
    void failed(Instant at, String message, String serving, Duration retry) {
        if (failures++ == 0) {
            since = at;
            sink.log(Level.WARN, "rate source " + sourceId + " failed: " + message + "; serving " + serving
                    + " until it answers, asking again every " + retry + " (repeats are logged at DEBUG)");
        } else {
            sink.log(Level.DEBUG, "rate source " + sourceId + " still failing (" + failures + " attempts since " + since + "): "
                    + message);
        }
    }

    void succeeded(Instant at) {
        if (failures > 0) {
            sink.log(Level.INFO, "rate source " + sourceId + " answers again after " + failures + " failed attempt(s) since "
                    + since + " (" + Duration.between(since, at).toSeconds() + " s)");
        }
        failures = 0;
        since = null;
    }
}
