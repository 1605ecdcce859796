package dev.quipu.rates;

import dev.quipu.rates.cache.CircuitBreaker;
import dev.quipu.rates.cache.RatesBook;
import dev.quipu.rates.cache.SourceCache;
import dev.quipu.rates.events.RatesEvents;
import dev.quipu.rates.history.ObservationHistory;
import dev.quipu.rates.sources.BanrepDtfSource;
import dev.quipu.rates.sources.BanxicoSieSource;
import dev.quipu.rates.sources.BcbPtaxSource;
import dev.quipu.rates.sources.BcbSgsSource;
import dev.quipu.rates.sources.BcchSieteSource;
import dev.quipu.rates.sources.BcraSource;
import dev.quipu.rates.sources.BcrpDataSource;
import dev.quipu.rates.sources.BluelyticsSource;
import dev.quipu.rates.sources.DatosGovTrmSource;
import dev.quipu.rates.sources.DolarApiSource;
import dev.quipu.rates.sources.HttpTransport;
import dev.quipu.rates.sources.MindicadorSource;
import dev.quipu.rates.sources.RateSource;
import dev.quipu.rates.sources.SnapshotTransport;
import dev.quipu.rates.sources.Transport;
import io.micronaut.context.annotation.Factory;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.util.List;

/** Wires every source, in priority order per rate, to its cache and breaker. */
@Factory
public class RatesFactory {

    /** Official sources first; a fallback follows the official source of the same rates. */
    static List<RateSource> sources(RatesConfig c, JsonMapper json) {
        return List.of(
                new DatosGovTrmSource(json, c.getDatosGovUrl(), c.getDatosGovAppToken()),
                new BanrepDtfSource(c.getBanrepSdmxUrl()),
                new BanxicoSieSource(json, c.getBanxicoUrl(), c.getBanxicoToken()),
                new BcbPtaxSource(json, c.getBcbOlindaUrl()),
                new BcbSgsSource(json, c.getBcbSgsUrl(), 432, "selic", "Selic target, % a.a."),
                new BcchSieteSource(json, c.getBcchUrl(), c.getBcchUser(), c.getBcchPassword()),
                new MindicadorSource(json, c.getMindicadorUrl()),
                new BcrpDataSource(json, c.getBcrpUrl()),
                new BcraSource(json, c.getBcraUrl()),
                new DolarApiSource(json, c.getDolarapiUrl(), "mayorista", "usd_ars"),
                new DolarApiSource(json, c.getDolarapiUrl(), "blue", "usd_ars_blue"),
                new BluelyticsSource(json, c.getBluelyticsUrl()));
    }

    @Singleton
    Clock clock() {
        return Clock.systemUTC();
    }

    @Singleton
    Transport transport(RatesConfig c) {
        return switch (c.getMode()) {
            case "live" -> new HttpTransport(c.getHttpTimeout());
            case "snapshot" -> new SnapshotTransport(c.getSnapshotRoot());
            default -> throw new IllegalArgumentException("quipu.rates.mode must be live or snapshot, not " + c.getMode());
        };
    }

    @Singleton
    RatesBook ratesBook(RatesConfig c, JsonMapper json, Transport transport, Clock clock, ObservationHistory history,
                        RatesEvents events) {
        List<SourceCache> caches = sources(c, json).stream().map(s -> new SourceCache(s, transport, c.getCacheTtl(),
                new CircuitBreaker(c.getBreakerFailures(), c.getBreakerOpenFor()), clock, (source, entry) -> {
                    if (entry != null) {
                        history.record(source.id(), entry.mode(), entry.observations());
                    }
                    events.countryRefreshed(source.country());
                })).toList();
        return new RatesBook(caches, clock, transport.mode());
    }
}
