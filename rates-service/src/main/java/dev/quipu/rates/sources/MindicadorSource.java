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
 * Chile's fallback: mindicador.cl, an unofficial relay of Banco Central de Chile's figures.
 * {@code fecha} is midnight in Chile written in UTC, so the date is taken in America/Santiago.
 */
public final class MindicadorSource extends PublisherSource {

    public static final String ID = "mindicador-cl";
    private static final Map<String, String> FIELDS = Map.of("usd_clp", "dolar", "uf_clp", "uf");
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
        SourceRequest request = SourceRequest.of(ID, "api", baseUrl + "/api");
        JsonNode root = UpstreamValues.json(json, transport.get(request));
        List<Observation> out = new ArrayList<>();
        for (String rate : rates()) {
            JsonNode item = root.get(FIELDS.get(rate));
            if (item == null) {
                continue;
            }
            var value = UpstreamValues.decimal(item.get("valor"));
            String fecha = UpstreamValues.text(item, "fecha");
            if (value.isEmpty() || fecha == null) {
                continue;
            }
            out.add(new Observation("CL", rate, value.get(), OffsetDateTime.parse(fecha).atZoneSameInstant(SANTIAGO).toLocalDate(),
                    null, "mindicador.cl (unofficial relay of Banco Central de Chile: " + UpstreamValues.text(item, "nombre") + ")",
                    request.publicUrl(), fetchedAt, false));
        }
        return out;
    }
}
