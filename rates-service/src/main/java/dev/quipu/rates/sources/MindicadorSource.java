package dev.quipu.rates.sources;

import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Chile's fallback: mindicador.cl, an unofficial relay of Banco Central de Chile's figures,
 * {@code /api/dolar} and {@code /api/uf} (the last 31 values each, newest first). {@code fecha} is
 * midnight in Chile written in UTC, with an offset that changes with Chilean summer time
 * ({@code T04:00Z} in winter, {@code T03:00Z} in summer), so the date is taken in America/Santiago.
 */
public final class MindicadorSource extends PublisherSource {

    public static final String ID = "mindicador-cl";
    private static final Map<String, String> INDICATORS = Map.of("usd_clp", "dolar", "uf_clp", "uf");
    private static final ZoneId SANTIAGO = ZoneId.of("America/Santiago");

    private final JsonMapper json;
    private final String baseUrl;

    public MindicadorSource(JsonMapper json, String baseUrl) {
        super(ID, "CL", List.of("usd_clp", "uf_clp"));
        this.json = json;
        this.baseUrl = baseUrl;
    }

    @Override
    public List<Observation> fetch(Transport transport, Instant fetchedAt) {
        List<Observation> out = new ArrayList<>();
        for (String rate : rates()) {
            String indicator = INDICATORS.get(rate);
            SourceRequest request = SourceRequest.of(ID, indicator, baseUrl + "/api/" + indicator);
            JsonNode root = UpstreamValues.json(json, transport.get(request));
            JsonNode serie = root.get("serie");
            if (!indicator.equals(UpstreamValues.text(root, "codigo")) || serie == null || !serie.isArray()) {
                throw new UpstreamException("mindicador.cl answered no serie of " + indicator);
            }
            String source = "mindicador.cl (unofficial relay of Banco Central de Chile: " + UpstreamValues.text(root, "nombre") + ")";
            for (JsonNode item : serie.values()) {
                var value = UpstreamValues.decimal(item.get("valor"));
                String fecha = UpstreamValues.text(item, "fecha");
                if (value.isEmpty() || fecha == null) {
                    continue;
                }
                out.add(new Observation("CL", rate, value.get(),
                        OffsetDateTime.parse(fecha).atZoneSameInstant(SANTIAGO).toLocalDate(), null, source,
                        request.publicUrl(), fetchedAt, false));
            }
        }
        return out;
    }
}
