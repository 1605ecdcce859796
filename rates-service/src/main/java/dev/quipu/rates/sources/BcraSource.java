package dev.quipu.rates.sources;

import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;

import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * Argentina's official wholesale rate (Comunicación A 3500, variable 5) from the BCRA
 * Estadísticas API v4.0: {@code results[0].detalle[]} of {@code {fecha, valor}}, newest first.
 */
public final class BcraSource extends PublisherSource {

    public static final String ID = "bcra-a3500";
    private static final int A3500 = 5;

    private final JsonMapper json;
    private final String baseUrl;

    public BcraSource(JsonMapper json, String baseUrl) {
        super(ID, "AR", List.of("usd_ars"));
        this.json = json;
        this.baseUrl = baseUrl;
    }

    @Override
    public List<Observation> fetch(Transport transport, Instant fetchedAt) {
        SourceRequest request = SourceRequest.of(ID, "a3500", baseUrl + "/estadisticas/v4.0/Monetarias/" + A3500 + "?limit=10")
                .withHeader("Accept", "application/json");
        JsonNode root = UpstreamValues.json(json, transport.get(request));
        JsonNode results = root.get("results");
        if (results == null || !results.isArray() || results.size() == 0) {
            throw new UpstreamException("BCRA answered no results (status " + UpstreamValues.text(root, "status") + ")");
        }
        List<Observation> out = new ArrayList<>();
        for (JsonNode variable : results.values()) {
            JsonNode detalle = variable.get("detalle");
            if (detalle == null || !String.valueOf(A3500).equals(UpstreamValues.text(variable, "idVariable"))) {
                continue;
            }
            for (JsonNode d : detalle.values()) {
                var value = UpstreamValues.decimal(d.get("valor"));
                String fecha = UpstreamValues.text(d, "fecha");
                if (value.isEmpty() || fecha == null) {
                    continue;
                }
                out.add(new Observation("AR", "usd_ars", value.get(), LocalDate.parse(fecha), null,
                        "Banco Central de la República Argentina (Com. A 3500, variable 5)", request.publicUrl(), fetchedAt, true));
            }
        }
        return out;
    }
}
