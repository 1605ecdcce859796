package dev.quipu.rates.api;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The serialised {@code POST /rates} answer of each (country, signal families), kept for the second
 * in which it was assembled: under load most requests are then one map lookup instead of assembling
 * and serialising the same JSON again. An answer is never older than a second; its {@code served_at}
 * and {@code age_seconds} are those of its assembly, so they stay true.
 */
final class AnswerCache {

    record Answer(long second, byte[] body, String freshness, String dataVersions) {

        Answer(long second, byte[] body, String freshness) {
            this(second, body, freshness, "");
        }

    }

    private final Map<String, Answer> answers = new ConcurrentHashMap<>();

    /** @param second the current epoch second */
    Answer get(String key, long second, Supplier<Answer> assemble) {
        Answer cached = answers.get(key);
        if (cached != null && cached.second() == second) {
            return cached;
        }
        // two requests in a new second may both assemble: harmless, the later one is kept
        Answer fresh = assemble.get();
        answers.put(key, fresh);
        return fresh;
    }
}
