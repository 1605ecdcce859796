package dev.quipu.rates.signals;

import dev.quipu.contracts.pricebook.PriceBook;
import dev.quipu.rates.cache.CountryRates;
import dev.quipu.rates.cache.RateCatalog;
import dev.quipu.rates.cache.RateView;
import dev.quipu.rates.cache.RatesBook;
import dev.quipu.rates.sources.Observation;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Signals computed from the served rates only, each with its formula and the dates and sources of
 * its inputs (docs/rates.md lists the formulas). Nothing is estimated: a signal whose inputs are
 * missing is reported with a null value and the reason.
 */
public final class MarketSignals {

    public static final String FX = "fx";
    public static final String RATES = "rates";
    public static final String SPREADS = "spreads";
    public static final String ARBITRAGE = "arbitrage";
    private static final MathContext MC = MathContext.DECIMAL64;
    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

    private final RatesBook book;

    public MarketSignals(RatesBook book) {
        this.book = book;
    }

    /** The signals of the requested families, in the order fx, rates, spreads, arbitrage. */
    public List<Map<String, Object>> signals(CountryRates rates, Collection<String> families) {
        List<Map<String, Object>> out = new ArrayList<>();
        if (families.contains(FX)) {
            fx(rates, out);
        }
        if (families.contains(RATES)) {
            levels(rates, out);
        }
        if (families.contains(SPREADS)) {
            spreads(rates, out);
        }
        if (families.contains(ARBITRAGE)) {
            arbitrage(rates, out);
        }
        return out;
    }

    public List<Map<String, Object>> all(CountryRates rates) {
        return signals(rates, PriceBook.RATE_SIGNALS);
    }

    /** Blue vs official gap for Argentina, in %; null elsewhere or when an input is missing. */
    public static BigDecimal blueGapPct(CountryRates rates) {
        RateView blue = rates.rates().get("usd_ars_blue");
        RateView official = rates.rates().get("usd_ars");
        if (blue == null || official == null || !blue.available() || !official.available()) {
            return null;
        }
        return pct(blue.latest().value().subtract(official.latest().value()), official.latest().value());
    }

    private void fx(CountryRates rates, List<Map<String, Object>> out) {
        for (RateView v : rates.rates().values()) {
            RateCatalog.Kind k = v.rate().kind();
            if (k == RateCatalog.Kind.FX || k == RateCatalog.Kind.FX_PARALLEL) {
                out.add(move(FX, v, "% change", "(value - previous) / previous × 100",
                        (cur) -> pct(cur.latest().value().subtract(cur.previous().value()), cur.previous().value())));
            }
        }
    }

    private void levels(CountryRates rates, List<Map<String, Object>> out) {
        for (RateView v : rates.rates().values()) {
            if (v.rate().kind() == RateCatalog.Kind.INTEREST) {
                out.add(signal(RATES, v.rate().name() + "_level", v.available() ? round(v.latest().value()) : null,
                        v.rate().unit(), "value as published", inputs(v.latest()), v.available() ? null : v.reason()));
                out.add(move(RATES, v, "percentage points", "value - previous",
                        (cur) -> round(cur.latest().value().subtract(cur.previous().value()))));
            } else if (v.rate().kind() == RateCatalog.Kind.INDEX) {
                out.add(move(RATES, v, "% change", "(value - previous) / previous × 100",
                        (cur) -> pct(cur.latest().value().subtract(cur.previous().value()), cur.previous().value())));
            }
        }
    }

    private void spreads(CountryRates rates, List<Map<String, Object>> out) {
        RateView sell = rates.rates().get("usd_pen");
        RateView buy = rates.rates().get("usd_pen_buy");
        if (sell != null && buy != null) {
            boolean ok = sell.available() && buy.available() && sell.latest().asOf().equals(buy.latest().asOf());
            BigDecimal value = ok ? pct(sell.latest().value().subtract(buy.latest().value()),
                    sell.latest().value().add(buy.latest().value()).divide(BigDecimal.valueOf(2), MC)) : null;
            out.add(signal(SPREADS, "usd_pen_bid_ask_spread", value, "% of mid",
                    "(sell - buy) / ((sell + buy) / 2) × 100, both of the same date", inputs(sell.latest(), buy.latest()),
                    ok ? null : "needs the interbank buy and sell rates of the same date"));
        }
        RateCatalog.Rate mine = RateCatalog.benchmark(rates.country());
        if (mine == null) {
            out.add(signal(SPREADS, "interest_differentials", null, "percentage points", "local benchmark - other benchmark",
                    List.of(), "no benchmark interest rate is carried for " + rates.country()));
            return;
        }
        RateView local = rates.rates().get(mine.name());
        for (String other : PriceBook.RATE_COUNTRIES) {
            RateCatalog.Rate theirs = RateCatalog.benchmark(other);
            if (other.equals(rates.country()) || theirs == null) {
                continue;
            }
            RateView remote = book.country(other).rates().get(theirs.name());
            boolean ok = local.available() && remote.available();
            out.add(signal(SPREADS, mine.name() + "_minus_" + theirs.name(),
                    ok ? round(local.latest().value().subtract(remote.latest().value())) : null, "percentage points",
                    mine.name() + " - " + theirs.name() + " (nominal; different tenors and conventions)",
                    inputs(local.latest(), remote.latest()),
                    ok ? null : "needs both " + mine.name() + " and " + theirs.name()));
        }
    }

    private void arbitrage(CountryRates rates, List<Map<String, Object>> out) {
        if (!rates.country().equals("AR")) {
            out.add(signal(ARBITRAGE, "parallel_market_gap", null, "%", "(parallel - official) / official × 100", List.of(),
                    "no parallel-market USD quote exists for " + rates.country() + "; only Argentina has one (dólar blue)"));
            return;
        }
        RateView blue = rates.rates().get("usd_ars_blue");
        RateView official = rates.rates().get("usd_ars");
        BigDecimal gap = blueGapPct(rates);
        out.add(signal(ARBITRAGE, "usd_ars_blue_gap", gap, "%", "(usd_ars_blue - usd_ars) / usd_ars × 100",
                inputs(blue.latest(), official.latest()), gap == null ? "needs both usd_ars_blue and usd_ars"
                        : "usd_ars_blue is an unofficial street quote; the two dates may differ"));
    }

    private static Map<String, Object> move(String family, RateView v, String unit, String formula,
                                            Function<RateView, BigDecimal> f) {
        boolean ok = v.available() && v.previous() != null;
        String reason = !v.available() ? v.reason()
                : v.previous() == null ? "the publisher's answer held no earlier date for " + v.rate().name() : null;
        return signal(family, v.rate().name() + "_change", ok ? f.apply(v) : null, unit, formula,
                v.available() ? inputs(v.latest(), v.previous()) : List.of(), reason);
    }

    private static Map<String, Object> signal(String family, String name, BigDecimal value, String unit, String formula,
                                              List<Map<String, Object>> inputs, String note) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("family", family);
        s.put("name", name);
        s.put("value", value);
        s.put("unit", unit);
        s.put("formula", formula);
        s.put("inputs", inputs);
        if (note != null) {
            s.put("note", note);
        }
        return s;
    }

    private static List<Map<String, Object>> inputs(Observation... observations) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Observation o : observations) {
            if (o == null) {
                continue;
            }
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("rate", o.rate());
            m.put("country", o.country());
            m.put("value", o.value());
            m.put("as_of", o.asOf().toString());
            m.put("source", o.source());
            out.add(m);
        }
        return out;
    }

    static BigDecimal pct(BigDecimal delta, BigDecimal base) {
        return round(delta.multiply(HUNDRED).divide(base, MC));
    }

    static BigDecimal round(BigDecimal v) {
        return v.setScale(4, RoundingMode.HALF_EVEN);
    }
}
