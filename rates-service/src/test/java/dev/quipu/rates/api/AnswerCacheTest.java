package dev.quipu.rates.api;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

class AnswerCacheTest {

    private final AnswerCache cache = new AnswerCache();
    private final AtomicInteger assembled = new AtomicInteger();

    private AnswerCache.Answer assemble(long second) {
        assembled.incrementAndGet();
        return new AnswerCache.Answer(second, new byte[]{1}, "snapshot");
    }

    @Test
    void anAnswerIsReusedWithinItsSecond() {
        AnswerCache.Answer first = cache.get("CO|[]", 100, () -> assemble(100));
        assertSame(first, cache.get("CO|[]", 100, () -> assemble(100)));
        assertEquals(1, assembled.get());
    }

    @Test
    void aNewSecondAssemblesAgain() {
        cache.get("CO|[]", 100, () -> assemble(100));
        AnswerCache.Answer next = cache.get("CO|[]", 101, () -> assemble(101));
        assertEquals(101, next.second());
        assertEquals(2, assembled.get());
    }

    @Test
    void eachCountryAndSignalSetHasItsOwnAnswer() {
        cache.get("CO|[]", 100, () -> assemble(100));
        cache.get("CO|[fx]", 100, () -> assemble(100));
        cache.get("MX|[]", 100, () -> assemble(100));
        assertEquals(3, assembled.get());
    }
}
