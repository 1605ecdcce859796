package dev.quipu.gateway.stream;

import jakarta.inject.Singleton;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The newest observation set of each country, and every new one as it arrives, for all open
 * streams of this instance. One multicast sink fans each update out to every subscriber without a
 * copy: the JSON was serialised once, by rates-service.
 */
@Singleton
public class LatestRates {

    private final Map<String, RatesUpdate> latest = new ConcurrentHashMap<>();
    // best effort: a subscriber that cannot keep up misses an update but still gets the newest set on
    // its next tick, and never slows the others down
    private final Sinks.Many<RatesUpdate> updates = Sinks.many().multicast().directBestEffort();

    public Optional<RatesUpdate> latest(String country) {
        return Optional.ofNullable(latest.get(country));
    }

    /** Live updates of one country from now on. */
    public Flux<RatesUpdate> updates(String country) {
        return updates.asFlux().filter(u -> u.country().equals(country));
    }

    /** Updates are accepted in topic order (one partition per key), so the last one wins. */
    public void accept(RatesUpdate update) {
        latest.put(update.country(), update);
        synchronized (updates) {
            // tryEmitNext must not be called concurrently; the feed has a single thread, this guards tests
            updates.tryEmitNext(update);
        }
    }

    public int subscribers() {
        return updates.currentSubscriberCount();
    }
}
