package dev.quipu.rates.sources;

import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

/**
 * Argentina's official wholesale rate (Comunicación A 3500, variable 5) from the BCRA
 * Estadísticas API v4.0 ({@code /estadisticas/v4.0/monetarias/{id}?desde&hasta&limit}):
 * {@code results[0].detalle[]} of {@code {fecha, valor}}, nested under {@code idVariable}, newest
 * first; days without a value (weekends, holidays) are simply absent. v3's flat {@code results[]}
 * is gone (v3 answers 410).
 */
public final class BcraSource extends PublisherSource {

    public static final String ID = "bcra-a3500";
    public static final int A3500 = 5;
    private static final ZoneId BUENOS_AIRES = ZoneId.of("America/Argentina/Buenos_Aires");

    private final JsonMapper json;
    private final String baseUrl;
    private final int variable;
    private final String rate;

    /** The official wholesale rate, {@code usd_ars}. */
    public BcraSource(JsonMapper json, String baseUrl) {
        this(json, baseUrl, ID, A3500, "usd_ars");
    }

    /** Any v4.0 monetary variable as {@code rate} (tests read the recorded variable 1 with it). */
    public BcraSource(JsonMapper json, String baseUrl, String id, int variable, String rate) {
        super(id, "AR", List.of(rate));
        this.json = json;
        this.baseUrl = baseUrl;
        this.variable = variable;
        this.rate = rate;
    }

    @Override
    public List<Observation> fetch(Transport transport, Instant fetchedAt) {
        LocalDate today = fetchedAt.atZone(BUENOS_AIRES).toLocalDate();
        String url = baseUrl + "/estadisticas/v4.0/monetarias/" + variable + "?desde=" + today.minusDays(14) + "&hasta=" + today
                + "&limit=10";
        SourceRequest request = SourceRequest.of(id(), "monetarias-" + variable, url).withHeader("Accept", "application/json");
        JsonNode root = UpstreamValues.json(json, transport.get(request));
        JsonNode results = root.get("results");
        if (results == null || !results.isArray() || results.size() == 0) {
            throw new UpstreamException("BCRA answered no results (status " + UpstreamValues.text(root, "status") + ")");
        }
        List<Observation> out = new ArrayList<>();
        for (JsonNode v : results.values()) {
            JsonNode detalle = v.get("detalle");
            var id = UpstreamValues.decimal(v.get("idVariable")); // 5 or 5.0, as the answer's serialiser wrote it
            if (detalle == null || id.isEmpty() || id.get().intValue() != variable) {
                continue;
            }
            for (JsonNode d : detalle.values()) {
                var value = UpstreamValues.decimal(d.get("valor"));
                String fecha = UpstreamValues.text(d, "fecha");
                if (value.isEmpty() || fecha == null) {
                    continue;
                }
                out.add(new Observation("AR", rate, value.get(), LocalDate.parse(fecha), null,
                        "Banco Central de la República Argentina (Estadísticas v4.0, variable " + variable
                                + (variable == A3500 ? ", Com. A 3500" : "") + ")", request.publicUrl(), fetchedAt, true));
            }
        }
        return out;
    }
}
