package dev.quipu.rates.sources;

import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * Brazil from the BCB SGS time-series API, one series per source (432 = Selic target, % a.a.).
 * Since 2025-03-26 daily series need a date window of at most 10 years, so we always send one.
 * {@code valor} is a string, {@code data} is dd/MM/yyyy.
 */
public final class BcbSgsSource extends PublisherSource {

    private static final DateTimeFormatter DMY = DateTimeFormatter.ofPattern("dd/MM/yyyy");
    private static final ZoneId BRASILIA = ZoneId.of("America/Sao_Paulo");

    private final JsonMapper json;
    private final String baseUrl;
    private final int series;
    private final String rate;
    private final String label;

    public BcbSgsSource(JsonMapper json, String baseUrl, int series, String rate, String label) {
        super("bcb-sgs-" + series, "BR", List.of(rate));
        this.json = json;
        this.baseUrl = baseUrl;
        this.series = series;
        this.rate = rate;
        this.label = label;
    }

    @Override
    public List<Observation> fetch(Transport transport, Instant fetchedAt) {
        LocalDate end = fetchedAt.atZone(BRASILIA).toLocalDate();
        String url = baseUrl + "/dados/serie/bcdata.sgs." + series + "/dados?formato=json&dataInicial="
                + end.minusDays(30).format(DMY) + "&dataFinal=" + end.format(DMY);
        SourceRequest request = SourceRequest.of(id(), "series", url).withHeader("Accept", "application/json");
        Transport.Body body = transport.get(request);
        if (body.text().isBlank()) {
            // what SGS sends for a window it refuses (over 10 years) besides a 400
            throw new UpstreamException("BCB SGS answered an empty body for series " + series);
        }
        JsonNode rows = UpstreamValues.json(json, body);
        if (!rows.isArray()) {
            throw new UpstreamException("BCB SGS answered no array for series " + series);
        }
        List<Observation> out = new ArrayList<>();
        for (JsonNode row : rows.values()) {
            var value = UpstreamValues.decimal(row.get("valor"));
            String date = UpstreamValues.text(row, "data");
            if (value.isEmpty() || date == null) {
                continue;
            }
            out.add(new Observation("BR", rate, value.get(), LocalDate.parse(date, DMY), null,
                    "Banco Central do Brasil SGS " + series + " (" + label + ")", request.publicUrl(), fetchedAt, true));
        }
        return out;
    }
}
