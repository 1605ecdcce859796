package dev.quipu.rates.events;

import dev.quipu.contracts.events.RatesObserved;
import dev.quipu.rates.cache.RatesBook;
import dev.quipu.runtime.UuidV7;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RatesEventsTest {

    @Test
    void aPublicationTheBrokerRefusedIsRetriedUntilItGoesThrough() throws Exception {
        AtomicInteger attempts = new AtomicInteger();
        List<RatesObserved> sent = new CopyOnWriteArrayList<>();
        RatesEventClient flakyBroker = (country, event) -> {
            if (attempts.incrementAndGet() <= 2) {
                throw new IllegalStateException("Topic quipu.rates.v1 not present in metadata after 5000 ms.");
            }
            sent.add(event);
        };
        RatesBook emptyBook = new RatesBook(List.of(), Clock.systemUTC());
        RatesEvents events = new RatesEvents(flakyBroker, () -> emptyBook, new UuidV7());

        events.publish("CO");

        long deadline = System.currentTimeMillis() + 10_000; // retries after 1 s and 2 s
        while (sent.isEmpty() && System.currentTimeMillis() < deadline) {
            Thread.sleep(50);
        }
        assertEquals(1, sent.size());
        assertEquals("CO", sent.get(0).country());
        assertEquals(3, attempts.get());
        events.stop();
    }
}
