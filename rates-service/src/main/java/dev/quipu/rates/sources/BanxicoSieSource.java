package dev.quipu.rates.sources;

import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Mexico from Banxico's SIE API: {@code SF43718} FIX (pesos per USD, by date of determination)
 * and {@code SF43783} TIIE 28 days, in one request over the last weeks. The token goes in the
 * {@code Bmx-Token} header (not the query, which would leak it into logs). {@code dato} is a
 * string, {@code "N/E"} on days without data; dates are dd/MM/yyyy.
 */
public final class BanxicoSieSource extends PublisherSource {

    public static final String ID = "banxico-sie";
    private static final Map<String, String> SERIES = Map.of("SF43718", "usd_mxn", "SF43783", "tiie_28");
    private static final DateTimeFormatter DMY = DateTimeFormatter.ofPattern("dd/MM/yyyy");
    private static final ZoneId MEXICO = ZoneId.of("America/Mexico_City");

    private final JsonMapper json;
    private final String baseUrl;
    private final String token;

    public BanxicoSieSource(JsonMapper json, String baseUrl, String token) {
        super(ID, "MX", List.of("usd_mxn", "tiie_28"));
        this.json = json;
        this.baseUrl = baseUrl;
        this.token = token;
    }

    @Override
    public List<String> credentialSettings() {
        return List.of("QUIPU_RATES_BANXICO_TOKEN");
    }

    @Override
    public boolean credentialsMissing() {
        return token == null || token.isBlank();
    }

    @Override
    public List<Observation> fetch(Transport transport, Instant fetchedAt) {
        LocalDate end = fetchedAt.atZone(MEXICO).toLocalDate();
        String url = baseUrl + "/series/SF43718,SF43783/datos/" + end.minusDays(20) + "/" + end;
        SourceRequest request = SourceRequest.of(ID, "series", url).withHeader("Accept", "application/json");
        if ("live".equals(transport.mode())) {
            if (credentialsMissing()) { // the cache does not call a source without credentials; never send an empty token
                throw new UpstreamException("credentials_missing: no Banxico SIE token (QUIPU_RATES_BANXICO_TOKEN)");
            }
            request = request.withHeader("Bmx-Token", token);
        }
        JsonNode root = UpstreamValues.json(json, transport.get(request));
        JsonNode series = root.get("bmx") == null ? null : root.get("bmx").get("series");
        if (series == null || !series.isArray()) {
            throw new UpstreamException("Banxico answered no bmx.series");
        }
        List<Observation> out = new ArrayList<>();
        for (JsonNode s : series.values()) {
            String rate = SERIES.get(UpstreamValues.text(s, "idSerie"));
            JsonNode datos = s.get("datos");
            if (rate == null || datos == null) {
                continue; // a series with no datos at all in the window (e.g. a long holiday)
            }
            String publisher = "Banco de México SIE " + UpstreamValues.text(s, "idSerie")
                    + (rate.equals("usd_mxn") ? " (FIX)" : " (TIIE 28 días)");
            for (JsonNode d : datos.values()) {
                var value = UpstreamValues.decimal(d.get("dato"));
                if (value.isEmpty()) {
                    continue;
                }
                out.add(new Observation("MX", rate, value.get(), LocalDate.parse(UpstreamValues.text(d, "fecha"), DMY),
                        null, publisher, request.publicUrl(), fetchedAt, true));
            }
        }
        return out;
    }
}
