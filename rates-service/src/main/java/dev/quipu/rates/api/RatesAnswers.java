package dev.quipu.rates.api;

import dev.quipu.rates.cache.CountryRates;
import dev.quipu.rates.cache.RateView;
import dev.quipu.rates.signals.MarketSignals;
import dev.quipu.rates.sources.Observation;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/** Turns a country's rates into the JSON answers of /rates and /market/signal (snake_case, spec names). */
public final class RatesAnswers {

    private final MarketSignals signals;

    public RatesAnswers(MarketSignals signals) {
        this.signals = signals;
    }

    public Map<String, Object> rates(CountryRates rates, Collection<String> signalFamilies) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("country", rates.country());
        out.put("source_mode", rates.mode());
        Map<String, String> unavailable = new LinkedHashMap<>();
        for (RateView v : rates.rates().values()) {
            out.put(v.rate().name(), value(v, today(rates)));
            if (!v.available()) {
                unavailable.put(v.rate().name(), v.reason());
            }
        }
        out.put("unavailable", unavailable);
        out.put("served_at", rates.assembledAt().toString());
        if (!signalFamilies.isEmpty()) {
            out.put("signals", signals.signals(rates, signalFamilies));
        }
        return out;
    }

    public Map<String, Object> marketSignal(CountryRates rates) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("country", rates.country());
        out.put("source_mode", rates.mode());
        out.put("signals", signals.all(rates));
        RateView primary = rates.rates().get(dev.quipu.rates.cache.RateCatalog.primaryFx(rates.country()).name());
        out.put("primary_fx_usd", value(primary, today(rates)));
        BigDecimal gap = MarketSignals.blueGapPct(rates);
        out.put("arbitrage_spread_pct", gap);
        RateView blue = rates.rates().get("usd_ars_blue");
        out.put("blue_rate_usd", blue == null ? null : value(blue, today(rates)));
        Map<String, String> reasons = new LinkedHashMap<>();
        if (!primary.available()) {
            reasons.put("primary_fx_usd", primary.reason());
        }
        if (gap == null) {
            reasons.put("arbitrage_spread_pct", rates.country().equals("AR")
                    ? "needs both usd_ars_blue and usd_ars"
                    : "only Argentina has a parallel-market USD quote (dólar blue); formula in docs/rates.md");
        }
        if (blue == null) {
            reasons.put("blue_rate_usd", "only Argentina has a dólar blue");
        } else if (!blue.available()) {
            reasons.put("blue_rate_usd", blue.reason());
        }
        out.put("unavailable", reasons);
        out.put("served_at", rates.assembledAt().toString());
        return out;
    }

    /** One rate with its provenance, or null when there is no value (the reason is under "unavailable"). */
    static Map<String, Object> value(RateView v, LocalDate today) {
        if (!v.available()) {
            return null;
        }
        Observation o = v.latest();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("value", o.value());
        m.put("unit", v.rate().unit());
        m.put("description", o.description() != null ? o.description() : v.rate().description());
        m.put("as_of", o.asOf().toString());
        if (o.period() != null) {
            m.put("period", o.period());
        }
        if (o.validUntil() != null) {
            m.put("valid_until", o.validUntil().toString());
        }
        m.put("source", o.source());
        m.put("source_url", o.sourceUrl());
        m.put("official", o.official());
        m.put("source_mode", v.mode());
        if (o.recording() != null) {
            m.put("recording", "snapshots/" + o.recording());
        }
        m.put("fetched_at", o.fetchedAt().toString());
        m.put("stale", v.stale());
        m.put("age_seconds", v.ageSeconds());
        m.put("age_days", Math.max(0, ChronoUnit.DAYS.between(o.asOf(), today)));
        if (v.note() != null) {
            m.put("note", v.note());
        }
        return m;
    }

    /**
     * The {@code X-Data-Versions} header value: each available rate with its publisher date and
     * source, so that the call event (and the audit chain) binds the data the answer came from.
     */
    public static String dataVersions(CountryRates rates) {
        Map<String, String> versions = new java.util.LinkedHashMap<>();
        rates.rates().values().stream().filter(RateView::available).forEach(v ->
                versions.put(v.rate().name(), v.latest().asOf() + " " + v.latest().source()));
        return dev.quipu.contracts.events.DataVersions.format(versions);
    }

    /**
     * {@code X-Data-Freshness}: the answer's {@code source_mode} (the worst of its values: {@code live} <
     * {@code stale} < {@code snapshot}), then the oldest publisher date and the largest age among the
     * values; {@code unavailable} when the country has no value at all.
     */
    public static String freshness(CountryRates rates) {
        LocalDate oldest = null;
        long maxAge = 0;
        for (RateView v : rates.rates().values()) {
            if (!v.available()) {
                continue;
            }
            oldest = oldest == null || v.latest().asOf().isBefore(oldest) ? v.latest().asOf() : oldest;
            maxAge = Math.max(maxAge, v.ageSeconds());
        }
        if (oldest == null) {
            return RateView.UNAVAILABLE;
        }
        return rates.mode() + "; as_of=" + oldest + "; age=" + maxAge;
    }

    /** Ages in days count from the publisher's date to today in UTC (publishers' days are local; a day's slack). */
    private static LocalDate today(CountryRates rates) {
        return rates.assembledAt().atZone(ZoneOffset.UTC).toLocalDate();
    }
}
