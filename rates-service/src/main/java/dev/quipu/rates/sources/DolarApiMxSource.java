package dev.quipu.rates.sources;

import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

/**
 * Mexico's fallback: DolarApi's {@code mx.dolarapi.com/v1/cotizaciones/usd}, whose {@code fix} is
 * Banxico's FIX (SF43718) relayed by a third party, so it is never labelled official. Its
 * {@code fechaActualizacion} is the FIX's own date written as midnight UTC
 * ({@code 2026-08-14T00:00:00.000Z}), so the date is read in UTC, not in Mexico City (which would
 * give the day before). Over a weekend the Friday answer is served unchanged.
 */
public final class DolarApiMxSource extends PublisherSource {

    public static final String ID = "dolarapi-mx-fix";

    private final JsonMapper json;
    private final String baseUrl;

    public DolarApiMxSource(JsonMapper json, String baseUrl) {
        super(ID, "MX", List.of("usd_mxn"));
        this.json = json;
        this.baseUrl = baseUrl;
    }

    @Override
    public List<Observation> fetch(Transport transport, Instant fetchedAt) {
        SourceRequest request = SourceRequest.of(ID, "usd", baseUrl + "/v1/cotizaciones/usd");
        JsonNode q = UpstreamValues.json(json, transport.get(request));
        if (!"USD".equals(UpstreamValues.text(q, "moneda"))) {
            throw new UpstreamException("DolarApi México answered moneda " + UpstreamValues.text(q, "moneda"));
        }
        var fix = UpstreamValues.decimal(q.get("fix"));
        String date = UpstreamValues.text(q, "fechaActualizacion");
        if (fix.isEmpty() || date == null) {
            throw new UpstreamException("DolarApi México answered no fix / fechaActualizacion");
        }
        return List.of(new Observation("MX", "usd_mxn", fix.get(),
                OffsetDateTime.parse(date).atZoneSameInstant(ZoneOffset.UTC).toLocalDate(), null,
                "dolarapi.com (third-party relay of Banco de México's FIX, SF43718; unofficial)", request.publicUrl(),
                fetchedAt, false));
    }
}
