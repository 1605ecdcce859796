package dev.quipu.rates.sources;

import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

/**
 * Argentina's official wholesale rate from the BCRA Estadísticas Cambiarias API v1.0
 * ({@code /estadisticascambiarias/v1.0/Cotizaciones}, the latest day when no {@code fecha} is
 * given): {@code results.detalle[]} lists every currency; {@code REF} "DOLAR REFERENCIA COM 3500"
 * is the Com. A 3500 reference (variable 5 of the same day), which is what {@code usd_ars} is —
 * not {@code USD}, the bank's own quote next to it.
 */
public final class BcraCambiariasSource extends PublisherSource {

    public static final String ID = "bcra-cambiarias";
    private static final String REFERENCE = "REF";

    private final JsonMapper json;
    private final String baseUrl;

    public BcraCambiariasSource(JsonMapper json, String baseUrl) {
        super(ID, "AR", List.of("usd_ars"));
        this.json = json;
        this.baseUrl = baseUrl;
    }

    @Override
    public List<Observation> fetch(Transport transport, Instant fetchedAt) {
        SourceRequest request = SourceRequest.of(ID, "cotizaciones", baseUrl + "/estadisticascambiarias/v1.0/Cotizaciones")
                .withHeader("Accept", "application/json");
        JsonNode root = UpstreamValues.json(json, transport.get(request));
        JsonNode results = root.get("results");
        String fecha = UpstreamValues.text(results, "fecha");
        JsonNode detalle = results == null ? null : results.get("detalle");
        if (fecha == null || detalle == null || !detalle.isArray()) {
            throw new UpstreamException("BCRA cambiarias answered no results.fecha / detalle");
        }
        for (JsonNode d : detalle.values()) {
            if (!REFERENCE.equals(UpstreamValues.text(d, "codigoMoneda"))) {
                continue;
            }
            var value = UpstreamValues.decimal(d.get("tipoCotizacion"));
            if (value.isEmpty() || value.get().signum() == 0) {
                return List.of(); // 0.0 is what the service writes for currencies without a quote that day
            }
            return List.of(new Observation("AR", "usd_ars", value.get(), LocalDate.parse(fecha), null,
                    "Banco Central de la República Argentina (Estadísticas Cambiarias, " + UpstreamValues.text(d, "descripcion") + ")",
                    request.publicUrl(), fetchedAt, true));
        }
        throw new UpstreamException("BCRA cambiarias listed no " + REFERENCE + " (Com. A 3500) quote for " + fecha);
    }
}
