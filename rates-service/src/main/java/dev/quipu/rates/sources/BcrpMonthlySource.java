package dev.quipu.rates.sources;

import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Peru's fallback: BCRPData series {@code PN01207PM}, the interbank USD rate as a <em>monthly
 * average</em> of buy and sell ("promedio del periodo"). It stands in for the daily sell rate
 * only when no daily value can be had, and says so: each value carries its month
 * ({@code period}), is dated the last day of that month, and describes itself as a monthly average.
 * Periods are like {@code Abr.2026}; values are strings with up to 15 significant digits.
 */
public final class BcrpMonthlySource extends PublisherSource {

    public static final String ID = "bcrp-data-monthly";
    private static final String SERIES = "PN01207PM";
    private static final ZoneId LIMA = ZoneId.of("America/Lima");
    private static final int MONTHS_KEPT = 13;

    private final JsonMapper json;
    private final String baseUrl;

    public BcrpMonthlySource(JsonMapper json, String baseUrl) {
        super(ID, "PE", List.of("usd_pen"));
        this.json = json;
        this.baseUrl = baseUrl;
    }

    @Override
    public List<Observation> fetch(Transport transport, Instant fetchedAt) {
        YearMonth end = YearMonth.from(fetchedAt.atZone(LIMA));
        String url = baseUrl + "/estadisticas/series/api/" + SERIES + "/json/" + ym(end.minusMonths(MONTHS_KEPT - 1)) + "/"
                + ym(end) + "/esp";
        SourceRequest request = SourceRequest.of(ID, SERIES, url);
        JsonNode root = UpstreamValues.json(json, transport.get(request));
        JsonNode series = root.get("config") == null ? null : root.get("config").get("series");
        JsonNode periods = root.get("periods");
        if (series == null || !series.isArray() || series.size() != 1 || periods == null || !periods.isArray()) {
            throw new UpstreamException("BCRPData answered no single config.series / periods for " + SERIES);
        }
        String name = UpstreamValues.text(series.get(0), "name");
        List<Observation> out = new ArrayList<>();
        for (JsonNode p : periods.values()) {
            YearMonth month = month(UpstreamValues.text(p, "name"));
            JsonNode values = p.get("values");
            Optional<BigDecimal> value = values == null || values.size() == 0 ? Optional.empty()
                    : UpstreamValues.decimal(values.get(0));
            if (value.isEmpty()) {
                continue;
            }
            out.add(new Observation("PE", "usd_pen", value.get(), month.atEndOfMonth(), null,
                    "Banco Central de Reserva del Perú BCRPData " + SERIES + " (" + name + ")", request.publicUrl(),
                    fetchedAt, true, month.toString(),
                    "Interbank rate, monthly average of " + month + " (promedio del periodo), not a daily sell rate"));
        }
        // a recording may reach back years: only the last months matter for the value and its move
        return out.size() <= MONTHS_KEPT ? out : out.subList(out.size() - MONTHS_KEPT, out.size());
    }

    /** {@code Abr.2026} → 2026-04. */
    static YearMonth month(String name) {
        String[] parts = name == null ? new String[0] : name.split("\\.");
        Integer month = parts.length == 2 ? BcrpDataSource.MONTHS.get(parts[0].toLowerCase(Locale.ROOT)) : null;
        if (month == null || !parts[1].matches("\\d{4}")) {
            throw new UpstreamException("unreadable BCRP month '" + name + "'");
        }
        return YearMonth.of(Integer.parseInt(parts[1]), month);
    }

    /** Monthly periods are written {@code 2026-04}, as in the recorded request. */
    private static String ym(YearMonth m) {
        return m.toString();
    }
}
