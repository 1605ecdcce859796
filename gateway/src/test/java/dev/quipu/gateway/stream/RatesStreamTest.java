package dev.quipu.gateway.stream;

import io.micronaut.http.sse.Event;
import io.micronaut.json.JsonMapper;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.scheduler.Schedulers;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The events of one stream, without HTTP: intervals are shortened here (the 5 s minimum is the
 * query's rule, tested in {@link StreamParametersTest}).
 */
class RatesStreamTest {

    private static final Duration WAIT = Duration.ofSeconds(10);
    private final LatestRates latest = new LatestRates();
    private final JsonMapper json = JsonMapper.createDefault();

    private RatesStream stream(Duration heartbeat) {
        return new RatesStream(latest, heartbeat, json, Schedulers.parallel(), Schedulers.boundedElastic());
    }

    private static RatesUpdate update(String country, String id) {
        return new RatesUpdate(country, id, "2026-11-22T12:00:00Z",
                "{\"event_id\":\"" + id + "\",\"country\":\"" + country + "\"}");
    }

    private static List<String> names(List<Event<String>> events) {
        return events.stream().map(e -> e.getName() == null ? ":" + e.getComment() : e.getName()).toList();
    }

    @Test
    void sendsTheLatestSetAtOnceThenEveryIntervalAndEndsAfterMaxEvents() {
        latest.accept(update("CO", "e1"));
        List<Event<String>> events = stream(Duration.ofHours(1))
                .open("CO", Duration.ofMillis(100), 3, EventGate.PAID).collectList().block(WAIT);
        assertEquals(List.of("rates", "rates", "rates", "end"), names(events));
        assertEquals(List.of("1", "2", "3", "4"), events.stream().map(Event::getId).toList());
        assertEquals("{\"event_id\":\"e1\",\"country\":\"CO\"}", events.get(0).getData());
        assertEquals("{\"reason\":\"max_events\",\"events\":3}", events.get(3).getData());
    }

    @Test
    void heartbeatsAreCommentsBetweenUpdatesWithoutIds() {
        latest.accept(update("MX", "e1"));
        List<Event<String>> events = stream(Duration.ofMillis(60))
                .open("MX", Duration.ofMillis(400), 2, EventGate.PAID).collectList().block(WAIT);
        List<String> names = names(events);
        assertEquals("rates", names.get(0));
        assertEquals("end", names.get(names.size() - 1));
        assertTrue(names.subList(1, names.indexOf("end")).contains(":heartbeat"), names.toString());
        events.stream().filter(e -> e.getName() == null).forEach(h -> {
            assertEquals("", h.getData());
            assertEquals(null, h.getId());
        });
    }

    @Test
    void aNewSetIsSentAsSoonAsItArrives() {
        Flux<Event<String>> events = stream(Duration.ofHours(1)).open("BR", Duration.ofHours(1), 2, EventGate.PAID);
        List<Event<String>> received = new java.util.concurrent.CopyOnWriteArrayList<>();
        var subscription = events.subscribe(received::add);
        try {
            awaitSubscribers(1);
            latest.accept(update("AR", "other-country"));
            latest.accept(update("BR", "b1"));
            awaitSize(received, 1);
            latest.accept(update("BR", "b2"));
            awaitSize(received, 3);
            assertEquals(List.of("rates", "rates", "end"), names(received));
            assertTrue(received.get(0).getData().contains("b1"));
            assertTrue(received.get(1).getData().contains("b2"));
        } finally {
            subscription.dispose();
        }
    }

    @Test
    void aTrialStreamSendsWhatTheGateGrantsThenALimitEventAndCloses() {
        latest.accept(update("CL", "c1"));
        AtomicInteger asked = new AtomicInteger();
        EventGate threeFree = () -> asked.incrementAndGet() <= 3 ? EventGate.Pass.GRANTED
                : new EventGate.Pass(false, "{\"error\":\"trial_exhausted\"}");
        List<Event<String>> events = stream(Duration.ofHours(1))
                .open("CL", Duration.ofMillis(50), 10, threeFree).collectList().block(WAIT);
        assertEquals(List.of("rates", "rates", "rates", "limit"), names(events));
        assertEquals("4", events.get(3).getId());
        assertEquals("{\"error\":\"trial_exhausted\"}", events.get(3).getData());
        assertEquals(4, asked.get());
    }

    @Test
    void aGateThatCannotBeAskedEndsTheStreamWithAnErrorEvent() {
        latest.accept(update("PE", "p1"));
        EventGate down = () -> {
            throw new StreamAccess.Unavailable("payment-service unreachable");
        };
        List<Event<String>> events = stream(Duration.ofHours(1))
                .open("PE", Duration.ofMillis(50), 10, down).collectList().block(WAIT);
        assertEquals(List.of("error"), names(events));
        assertTrue(events.get(0).getData().contains("stream_access_unavailable"));
    }

    @Test
    void aCountryWithoutDataYetGetsOnlyHeartbeatsUntilItsFirstSet() {
        List<Event<String>> events = stream(Duration.ofMillis(50))
                .open("AR", Duration.ofMillis(50), 1, EventGate.PAID).take(Duration.ofMillis(400)).collectList()
                .block(WAIT);
        assertTrue(!events.isEmpty() && events.stream().allMatch(e -> e.getName() == null), names(events).toString());
    }

    private void awaitSubscribers(int n) {
        long until = System.nanoTime() + WAIT.toNanos();
        while (latest.subscribers() < n && System.nanoTime() < until) {
            Thread.onSpinWait();
        }
        assertTrue(latest.subscribers() >= n);
    }

    private static void awaitSize(List<?> list, int n) {
        long until = System.nanoTime() + WAIT.toNanos();
        while (list.size() < n && System.nanoTime() < until) {
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
        assertTrue(list.size() >= n, "only " + list.size() + " events");
    }
}
