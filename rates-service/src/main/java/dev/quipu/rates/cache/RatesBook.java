package dev.quipu.rates.cache;

import dev.quipu.rates.sources.Observation;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Answers "the rates of a country" from the per-source caches. Each rate has a chain of sources
 * (official first, fallbacks after); the first source with a non-stale value wins, else the first
 * with any value (served stale), else the rate is unavailable with every source's reason.
 * Fallbacks are only read when needed.
 */
public final class RatesBook {

    private final List<SourceCache> caches;
    private final Clock clock;
    private final String mode;

    /** @param caches every source, official ones before their fallbacks */
    public RatesBook(List<SourceCache> caches, Clock clock, String mode) {
        this.caches = List.copyOf(caches);
        this.clock = clock;
        this.mode = mode;
    }

    public List<SourceCache> caches() {
        return caches;
    }

    public String mode() {
        return mode;
    }

    public CountryRates country(String country) {
        Map<String, RateView> out = new LinkedHashMap<>();
        Map<SourceCache, SourceCache.View> read = new LinkedHashMap<>();
        for (RateCatalog.Rate rate : RateCatalog.of(country)) {
            out.put(rate.name(), resolve(rate, read));
        }
        return new CountryRates(country, mode, clock.instant(), out);
    }

    private RateView resolve(RateCatalog.Rate rate, Map<SourceCache, SourceCache.View> read) {
        RateView staleCandidate = null;
        List<String> reasons = new ArrayList<>();
        for (SourceCache cache : caches) {
            if (!cache.source().rates().contains(rate.name())) {
                continue;
            }
            SourceCache.View v = read.computeIfAbsent(cache, SourceCache::read);
            RateView candidate = v.entry() == null ? null : fromEntry(rate, v);
            if (candidate == null) {
                reasons.add(cache.source().id() + ": " + (v.error() == null ? "no value for " + rate.name() : v.error()));
                continue;
            }
            if (!candidate.stale()) {
                return candidate;
            }
            if (staleCandidate == null) {
                staleCandidate = candidate;
            }
            reasons.add(cache.source().id() + ": " + v.error());
        }
        if (staleCandidate != null) {
            return staleCandidate;
        }
        return new RateView(rate, null, null, false, 0, mode, String.join("; ", reasons));
    }

    private RateView fromEntry(RateCatalog.Rate rate, SourceCache.View v) {
        List<Observation> mine = v.entry().observations().stream().filter(o -> o.rate().equals(rate.name()))
                .sorted(Comparator.comparing(Observation::asOf).reversed()).toList();
        if (mine.isEmpty()) {
            return null;
        }
        Observation latest = mine.get(0);
        Observation previous = mine.stream().filter(o -> o.asOf().isBefore(latest.asOf())).findFirst().orElse(null);
        long age = Math.max(0, Duration.between(v.entry().fetchedAt(), clock.instant()).toSeconds());
        return new RateView(rate, latest, previous, v.stale(), age, v.entry().mode(), null);
    }

    /** True when {@link #country} can be answered from the caches alone (no source is due a fetch). */
    public boolean inMemory(String country) {
        for (RateCatalog.Rate rate : RateCatalog.of(country)) {
            for (SourceCache cache : caches) {
                if (cache.source().rates().contains(rate.name()) && !cache.servesFromMemory()) {
                    return false;
                }
            }
        }
        return true;
    }

    public Instant now() {
        return clock.instant();
    }
}
