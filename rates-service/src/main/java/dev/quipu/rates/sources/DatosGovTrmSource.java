package dev.quipu.rates.sources;

import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;

import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * Colombia's TRM (COP per USD) from datos.gov.co dataset {@code 32sa-8pi3} (Superfinanciera).
 * A weekend or holiday is one row whose validity spans several days: {@code as_of} is
 * {@code vigenciadesde}, {@code valid_until} is {@code vigenciahasta}.
 */
public final class DatosGovTrmSource extends PublisherSource {

    public static final String ID = "datos-gov-co-trm";
    private static final String PUBLISHER = "Superintendencia Financiera de Colombia (TRM) via datos.gov.co 32sa-8pi3";

    private final JsonMapper json;
    private final String baseUrl;
    private final String appToken;

    public DatosGovTrmSource(JsonMapper json, String baseUrl, String appToken) {
        super(ID, "CO", List.of("usd_cop"));
        this.json = json;
        this.baseUrl = baseUrl;
        this.appToken = appToken;
    }

    @Override
    public List<Observation> fetch(Transport transport, Instant fetchedAt) {
        String url = baseUrl + "/resource/32sa-8pi3.json?$order=vigenciadesde%20DESC&$limit=10";
        SourceRequest request = SourceRequest.of(ID, "trm", url);
        if (appToken != null && !appToken.isBlank()) {
            request = request.withHeader("X-App-Token", appToken); // against Socrata throttling
        }
        JsonNode rows = UpstreamValues.json(json, transport.get(request));
        if (!rows.isArray()) {
            throw new UpstreamException("datos.gov.co answered no array of rows");
        }
        List<Observation> out = new ArrayList<>();
        for (JsonNode row : rows.values()) {
            String unit = UpstreamValues.text(row, "unidad");
            if (unit != null && !unit.equals("COP")) {
                throw new UpstreamException("unexpected TRM unit " + unit);
            }
            var value = UpstreamValues.decimal(row.get("valor"));
            String from = UpstreamValues.text(row, "vigenciadesde");
            if (value.isEmpty() || from == null) {
                continue;
            }
            String to = UpstreamValues.text(row, "vigenciahasta");
            out.add(new Observation("CO", "usd_cop", value.get(), LocalDateTime.parse(from).toLocalDate(),
                    to == null ? null : LocalDateTime.parse(to).toLocalDate(), PUBLISHER, request.publicUrl(), fetchedAt, true));
        }
        return out;
    }
}
