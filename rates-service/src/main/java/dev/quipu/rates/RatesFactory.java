package dev.quipu.rates;

import dev.quipu.rates.cache.CircuitBreaker;
import dev.quipu.rates.cache.RatesBook;
import dev.quipu.rates.cache.SourceCache;
import dev.quipu.rates.events.RatesEvents;
import dev.quipu.rates.history.ObservationHistory;
import dev.quipu.rates.sources.ArgentinaDatosSource;
import dev.quipu.rates.sources.BanrepSdmxSource;
import dev.quipu.rates.sources.BanxicoSieSource;
import dev.quipu.rates.sources.BcbPtaxSource;
import dev.quipu.rates.sources.BcbSgsSource;
import dev.quipu.rates.sources.BcchSieteSource;
import dev.quipu.rates.sources.BcraCambiariasSource;
import dev.quipu.rates.sources.BcraSource;
import dev.quipu.rates.sources.BcrpDataSource;
import dev.quipu.rates.sources.BcrpMonthlySource;
import dev.quipu.rates.sources.BluelyticsSource;
import dev.quipu.rates.sources.BundledRecordings;
import dev.quipu.rates.sources.DatosGovTrmSource;
import dev.quipu.rates.sources.DolarApiMxSource;
import dev.quipu.rates.sources.DolarApiSource;
import dev.quipu.rates.sources.HttpTransport;
import dev.quipu.rates.sources.MindicadorSource;
import dev.quipu.rates.sources.RateSource;
import io.micronaut.context.annotation.Factory;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.time.Instant;
import java.util.List;

/** Wires every source, in priority order per rate, to its bundled recordings, its fetching and its listeners. */
@Factory
public class RatesFactory {

    /** Official sources first; a fallback follows the official source of the same rates. */
    static List<RateSource> sources(RatesConfig c, JsonMapper json) {
        return List.of(
                new DatosGovTrmSource(json, c.getDatosGovUrl(), c.getDatosGovAppToken()),
                new BanrepSdmxSource(c.getBanrepSdmxUrl(), BanrepSdmxSource.TRM),
                new BanrepSdmxSource(c.getBanrepSdmxUrl(), BanrepSdmxSource.DTF),
                new BanrepSdmxSource(c.getBanrepSdmxUrl(), BanrepSdmxSource.POLICY_RATE),
                new BanrepSdmxSource(c.getBanrepSdmxUrl(), BanrepSdmxSource.IBR_90),
                new BanxicoSieSource(json, c.getBanxicoUrl(), c.getBanxicoToken()),
                new DolarApiMxSource(json, c.getDolarapiMxUrl()),
                new BcbPtaxSource(json, c.getBcbOlindaUrl()),
                new BcbSgsSource(json, c.getBcbSgsUrl(), 432, "selic", "Selic target, % a.a."),
                new BcchSieteSource(json, c.getBcchUrl(), c.getBcchUser(), c.getBcchPassword()),
                new MindicadorSource(json, c.getMindicadorUrl()),
                new BcrpDataSource(json, c.getBcrpUrl()),
                new BcrpMonthlySource(json, c.getBcrpUrl()),
                new BcraSource(json, c.getBcraUrl()),
                new BcraCambiariasSource(json, c.getBcraUrl()),
                new DolarApiSource(json, c.getDolarapiUrl(), "mayorista", "usd_ars"),
                new DolarApiSource(json, c.getDolarapiUrl(), "blue", "usd_ars_blue"),
                new ArgentinaDatosSource(json, c.getArgentinadatosUrl()),
                new BluelyticsSource(json, c.getBluelyticsUrl()));
    }

    @Singleton
    Clock clock() {
        return Clock.systemUTC();
    }

    /** Reads the bundled recordings (a few small classpath files) once; no publisher is called here. */
    @Singleton
    RatesBook ratesBook(RatesConfig c, JsonMapper json, Clock clock, ObservationHistory history, RatesEvents events) {
        if (!c.getMode().equals("live") && !c.getMode().equals("snapshot")) {
            throw new IllegalArgumentException("quipu.rates.mode must be live or snapshot, not " + c.getMode());
        }
        BundledRecordings recordings = new BundledRecordings(c.getSnapshotRoot(), json);
        HttpTransport http = c.fetching() ? new HttpTransport(c.getConnectTimeout(), c.getHttpTimeout()) : null;
        Instant start = clock.instant();
        List<SourceCache> caches = sources(c, json).stream().map(s -> new SourceCache(s,
                SourceCache.Floor.load(recordings, s, start),
                http == null ? null : new SourceCache.Fetching(http, start.plus(c.getInitialDelay()), c.getRefreshInterval(),
                        new CircuitBreaker(c.getBreakerFailures(), c.getBreakerOpenFor())),
                clock, (source, entry) -> {
                    if (entry != null) {
                        history.record(source.id(), entry.mode(), entry.observations());
                    }
                    events.countryRefreshed(source.country());
                })).toList();
        return new RatesBook(caches, clock);
    }
}
