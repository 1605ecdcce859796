package dev.quipu.rates.sources;

import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Peru's interbank USD rate (S/ per US$) from BCRP's BCRPData API, series PD04637PD and
 * PD04638PD in one request. Third-party docs disagree on which code is buy and which is sell,
 * so the side is pinned from the series name the answer itself carries
 * ({@code config.series[i].name}: "... Compra" or "... Venta"), never from the code.
 * Period names are like {@code 05.Oct.26} with Spanish month abbreviations; {@code n.d.}
 * marks a day without data.
 */
public final class BcrpDataSource extends PublisherSource {

    public static final String ID = "bcrp-data";
    /** Spanish month abbreviations as BCRPData writes them; September is both {@code Sep} and {@code Set}. */
    static final Map<String, Integer> MONTHS = Map.ofEntries(
            Map.entry("ene", 1), Map.entry("feb", 2), Map.entry("mar", 3), Map.entry("abr", 4), Map.entry("may", 5),
            Map.entry("jun", 6), Map.entry("jul", 7), Map.entry("ago", 8), Map.entry("sep", 9), Map.entry("set", 9),
            Map.entry("oct", 10), Map.entry("nov", 11), Map.entry("dic", 12));
    private static final ZoneId LIMA = ZoneId.of("America/Lima");

    private final JsonMapper json;
    private final String baseUrl;

    public BcrpDataSource(JsonMapper json, String baseUrl) {
        super(ID, "PE", List.of("usd_pen", "usd_pen_buy"));
        this.json = json;
        this.baseUrl = baseUrl;
    }

    /** usd_pen is the interbank sell (venta) rate, usd_pen_buy the buy (compra) rate. */

    @Override
    public List<Observation> fetch(Transport transport, Instant fetchedAt) {
        LocalDate end = fetchedAt.atZone(LIMA).toLocalDate();
        LocalDate start = end.minusDays(20);
        String url = baseUrl + "/estadisticas/series/api/PD04637PD-PD04638PD/json/" + ymd(start) + "/" + ymd(end) + "/esp";
        SourceRequest request = SourceRequest.of(ID, "interbank", url);
        JsonNode root = UpstreamValues.json(json, transport.get(request));
        JsonNode series = root.get("config") == null ? null : root.get("config").get("series");
        JsonNode periods = root.get("periods");
        if (series == null || !series.isArray() || periods == null || !periods.isArray()) {
            throw new UpstreamException("BCRPData answered no config.series / periods");
        }
        List<String> rateOfColumn = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (JsonNode s : series.values()) {
            String name = UpstreamValues.text(s, "name");
            String lower = name == null ? "" : name.toLowerCase(Locale.ROOT);
            rateOfColumn.add(lower.contains("venta") ? "usd_pen" : lower.contains("compra") ? "usd_pen_buy" : null);
            names.add(name);
        }
        if (!rateOfColumn.contains("usd_pen")) {
            throw new UpstreamException("BCRPData series names do not say which is the sell rate: " + names);
        }
        List<Observation> out = new ArrayList<>();
        for (JsonNode p : periods.values()) {
            LocalDate date = period(UpstreamValues.text(p, "name"));
            JsonNode values = p.get("values");
            for (int i = 0; values != null && i < values.size() && i < rateOfColumn.size(); i++) {
                var value = UpstreamValues.decimal(values.get(i));
                if (rateOfColumn.get(i) == null || value.isEmpty()) {
                    continue;
                }
                out.add(new Observation("PE", rateOfColumn.get(i), value.get(), date, null,
                        "Banco Central de Reserva del Perú BCRPData (" + names.get(i) + ")", request.publicUrl(), fetchedAt, true));
            }
        }
        return out;
    }

    /** {@code 05.Oct.26} → 2026-10-05. */
    static LocalDate period(String name) {
        String[] parts = name == null ? new String[0] : name.split("\\.");
        Integer month = parts.length == 3 ? MONTHS.get(parts[1].toLowerCase(Locale.ROOT)) : null;
        if (month == null) {
            throw new UpstreamException("unreadable BCRP period '" + name + "'");
        }
        int year = Integer.parseInt(parts[2]);
        return LocalDate.of(year < 100 ? 2000 + year : year, month, Integer.parseInt(parts[0]));
    }

    private static String ymd(LocalDate d) {
        return d.getYear() + "-" + d.getMonthValue() + "-" + d.getDayOfMonth();
    }
}
