package dev.quipu.rates.cache;

import dev.quipu.rates.sources.Observation;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Answers "the rates of a country" from what the sources hold in memory (never from a publisher:
 * only the refresher fetches). Each rate has a chain of sources, official first. A source offers
 * its live (or stale) value when its publisher has answered, else its bundled recording. The
 * value served is the first live one in chain order; when no source is live, the one with the
 * newest publisher date (ties: chain order), so an old official recording does not hide a newer
 * stale or recorded value of a fallback. Every value says which it is.
 */
public final class RatesBook {

    private final List<SourceCache> caches;
    private final Clock clock;

    /** @param caches every source, official ones before their fallbacks */
    public RatesBook(List<SourceCache> caches, Clock clock) {
        this.caches = List.copyOf(caches);
        this.clock = clock;
    }

    public List<SourceCache> caches() {
        return caches;
    }

    public CountryRates country(String country) {
        Map<String, RateView> out = new LinkedHashMap<>();
        Map<SourceCache, SourceCache.View> read = new HashMap<>();
        Instant now = clock.instant();
        for (RateCatalog.Rate rate : RateCatalog.of(country)) {
            out.put(rate.name(), resolve(rate, read, now));
        }
        return new CountryRates(country, CountryRates.worstMode(out), now, out);
    }

    /** One source's offer for a rate: its newest observation and the one before, or none. */
    private record Offer(SourceCache cache, SourceCache.View view, Observation latest, Observation previous, String mode,
                         Instant fetchedAt) {
    }

    private RateView resolve(RateCatalog.Rate rate, Map<SourceCache, SourceCache.View> read, Instant now) {
        List<Offer> chain = new ArrayList<>();
        for (SourceCache cache : caches) {
            if (cache.source().rates().contains(rate.name())) {
                chain.add(offer(rate, cache, read.computeIfAbsent(cache, SourceCache::read)));
            }
        }
        Offer chosen = chain.stream().filter(o -> RateView.LIVE.equals(o.mode())).findFirst()
                .orElseGet(() -> chain.stream().filter(o -> o.latest() != null)
                        .max(Comparator.comparing((Offer o) -> o.latest().asOf())
                                .thenComparing(o -> -chain.indexOf(o))).orElse(null));
        if (chosen == null) {
            List<String> reasons = chain.stream().map(o -> o.cache().source().id() + ": " + whyNothing(o, rate)).toList();
            return new RateView(rate, null, null, RateView.UNAVAILABLE, 0, null, null,
                    reasons.isEmpty() ? "no source carries " + rate.name() : String.join("; ", reasons));
        }
        List<String> notes = new ArrayList<>();
        for (Offer o : chain.subList(0, chain.indexOf(chosen) + 1)) {
            String problem = problem(o.view(), o.cache());
            if (problem != null && !problem.startsWith("fetching off")) {
                notes.add(o.cache().source().id() + ": " + problem);
            }
        }
        long age = Math.max(0, Duration.between(chosen.fetchedAt(), now).toSeconds());
        return new RateView(rate, chosen.latest(), chosen.previous(), chosen.mode(), age, chosen.cache().source().id(),
                notes.isEmpty() ? null : String.join("; ", notes), null);
    }

    private static Offer offer(RateCatalog.Rate rate, SourceCache cache, SourceCache.View v) {
        if (v.live() != null) {
            Offer live = offer(rate, cache, v, v.live(), v.stale() ? RateView.STALE : RateView.LIVE);
            if (live.latest() != null) {
                return live;
            }
        }
        if (v.floor() != null) {
            return offer(rate, cache, v, v.floor(), RateView.SNAPSHOT);
        }
        return new Offer(cache, v, null, null, RateView.UNAVAILABLE, null);
    }

    private static Offer offer(RateCatalog.Rate rate, SourceCache cache, SourceCache.View v, SourceCache.Entry entry,
                               String mode) {
        List<Observation> mine = entry.observations().stream().filter(o -> o.rate().equals(rate.name()))
                .sorted(Comparator.comparing(Observation::asOf).reversed()).toList();
        if (mine.isEmpty()) {
            return new Offer(cache, v, null, null, RateView.UNAVAILABLE, null);
        }
        Observation latest = mine.get(0);
        Observation previous = mine.stream().filter(o -> o.asOf().isBefore(latest.asOf())).findFirst().orElse(null);
        return new Offer(cache, v, latest, previous, mode, entry.fetchedAt());
    }

    /** The source's problem with the settings that would fix it, for notes and reasons. */
    private static String problem(SourceCache.View v, SourceCache cache) {
        String p = v.problem();
        if (p == null) {
            return null;
        }
        if (p.equals("credentials_missing")) {
            return p + " (set " + String.join(" and ", cache.source().credentialSettings()) + ")";
        }
        return p.equals("fetching off") ? p + " (QUIPU_RATES_MODE=snapshot)" : p;
    }

    private static String whyNothing(Offer o, RateCatalog.Rate rate) {
        String problem = problem(o.view(), o.cache());
        String bundle = o.view().floor() == null ? o.view().floorProblem()
                : "its bundled recordings hold no " + rate.name();
        return (problem == null ? "its answer held no " + rate.name() : problem) + "; " + bundle;
    }

    public Instant now() {
        return clock.instant();
    }
}
