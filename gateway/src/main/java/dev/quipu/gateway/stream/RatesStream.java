package dev.quipu.gateway.stream;

import io.micronaut.http.sse.Event;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The events of one stream. A {@code rates} event carries the country's newest observation set
 * (the {@code RatesObserved} JSON of quipu.rates.v1): one as soon as the stream opens (or as soon as
 * the country has any data), one whenever a new set arrives, and the newest set again whenever
 * {@code interval} seconds pass without one. So {@code interval} is the longest gap between two
 * rates events. SSE comments ({@code : heartbeat}) keep the connection alive in between. Events are
 * numbered 1, 2, ... ({@code id}); the stream ends with exactly one of {@code end} (max_events
 * reached), {@code limit} (trial used up) or {@code error}.
 */
@Singleton
public class RatesStream {

    public static final String RATES = "rates";
    public static final String END = "end";
    public static final String LIMIT = "limit";
    public static final String ERROR = "error";
    private static final Set<String> LAST = Set.of(END, LIMIT, ERROR);
    private static final Logger LOG = LoggerFactory.getLogger(RatesStream.class);

    private final LatestRates latest;
    private final Duration heartbeat;
    private final JsonMapper json;
    private final Scheduler timers;
    private final Scheduler blocking;

    public RatesStream(LatestRates latest, StreamConfig config, JsonMapper json) {
        this(latest, config.heartbeat(), json, Schedulers.parallel(), Schedulers.boundedElastic());
    }

    RatesStream(LatestRates latest, Duration heartbeat, JsonMapper json, Scheduler timers, Scheduler blocking) {
        this.latest = latest;
        this.heartbeat = heartbeat;
        this.json = json;
        this.timers = timers;
        this.blocking = blocking;
    }

    public Flux<Event<String>> open(String country, Duration interval, int maxEvents, EventGate gate) {
        return Flux.defer(() -> {
            AtomicInteger ids = new AtomicInteger();
            AtomicInteger sent = new AtomicInteger();
            // the start, then each new set, restarts the interval clock
            Flux<Optional<RatesUpdate>> rates = Flux.concat(Mono.just(Optional.<RatesUpdate>empty()),
                            latest.updates(country).map(Optional::of))
                    // a tick that comes while the previous event still waits for its gate is dropped, not an error
                    .switchMap(pushed -> Flux.interval(Duration.ZERO, interval, timers).onBackpressureDrop()
                            .map(tick -> tick == 0 && pushed.isPresent() ? pushed : latest.latest(country)))
                    .filter(Optional::isPresent);
            Flux<Optional<RatesUpdate>> heartbeats = Flux.interval(heartbeat, heartbeat, timers).onBackpressureDrop()
                    .map(t -> Optional.<RatesUpdate>empty());
            return Flux.merge(rates, heartbeats)
                    .concatMap(item -> item.isEmpty()
                            ? Mono.just(Event.of("").comment("heartbeat"))
                            : ratesEvent(item.get(), gate, maxEvents, ids, sent), 1)
                    .takeUntil(event -> event.getName() != null && LAST.contains(event.getName()));
        });
    }

    private Flux<Event<String>> ratesEvent(RatesUpdate update, EventGate gate, int maxEvents, AtomicInteger ids,
                                           AtomicInteger sent) {
        Mono<EventGate.Pass> pass = gate.blocking()
                ? Mono.fromCallable(gate::next).subscribeOn(blocking)
                : Mono.just(EventGate.Pass.GRANTED);
        return pass.flatMapMany(p -> {
            if (!p.granted()) {
                return Flux.just(event(LIMIT, ids, p.limit()));
            }
            Event<String> rates = event(RATES, ids, update.json());
            if (sent.incrementAndGet() >= maxEvents) {
                return Flux.just(rates, event(END, ids, data(ordered("reason", "max_events", "events", sent.get()))));
            }
            return Flux.just(rates);
        }).onErrorResume(e -> {
            LOG.warn("stream of {} ended by an error: {}", update.country(), e.toString());
            return Flux.just(event(ERROR, ids, data(ordered("error", "stream_access_unavailable",
                    "message", "The stream could not be continued: access could not be checked. Nothing more was"
                            + " counted; open a new stream to continue."))));
        });
    }

    private static Event<String> event(String name, AtomicInteger ids, String data) {
        return Event.of(data).name(name).id(Integer.toString(ids.incrementAndGet()));
    }

    private static Map<String, Object> ordered(Object... pairs) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put((String) pairs[i], pairs[i + 1]);
        }
        return map;
    }

    String data(Map<String, ?> fields) {
        try {
            return new String(json.writeValueAsBytes(new LinkedHashMap<>(fields)), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
