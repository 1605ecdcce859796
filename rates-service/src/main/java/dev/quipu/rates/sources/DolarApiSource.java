package dev.quipu.rates.sources;

import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.List;

/**
 * Argentina from DolarApi ({@code /v1/dolares/{casa}}): the blue rate (an unofficial, scraped
 * street quote) and, as a fallback relay for the official wholesale rate, {@code mayorista}.
 * {@code fechaActualizacion} is when DolarApi saw the quote change; its date in Buenos Aires is
 * the {@code as_of}. The value is {@code venta} (what a buyer of dollars pays).
 */
public final class DolarApiSource extends PublisherSource {

    private static final ZoneId BUENOS_AIRES = ZoneId.of("America/Argentina/Buenos_Aires");

    private final JsonMapper json;
    private final String baseUrl;
    private final String casa;
    private final String rate;

    public DolarApiSource(JsonMapper json, String baseUrl, String casa, String rate) {
        super("dolarapi-" + casa, "AR", List.of(rate));
        this.json = json;
        this.baseUrl = baseUrl;
        this.casa = casa;
        this.rate = rate;
    }

    @Override
    public List<Observation> fetch(Transport transport, Instant fetchedAt) {
        SourceRequest request = SourceRequest.of(id(), casa, baseUrl + "/v1/dolares/" + casa);
        JsonNode q = UpstreamValues.json(json, transport.get(request));
        if (!casa.equals(UpstreamValues.text(q, "casa"))) {
            throw new UpstreamException("DolarApi answered casa " + UpstreamValues.text(q, "casa") + " for " + casa);
        }
        var sell = UpstreamValues.decimal(q.get("venta"));
        String updated = UpstreamValues.text(q, "fechaActualizacion");
        if (sell.isEmpty() || updated == null) {
            return List.of();
        }
        String publisher = casa.equals("blue")
                ? "dolarapi.com (dólar blue: unofficial street quote, scraped; not a central-bank rate)"
                : "dolarapi.com (" + casa + ": third-party relay of the BCRA wholesale rate)";
        return List.of(new Observation("AR", rate, sell.get(),
                OffsetDateTime.parse(updated).atZoneSameInstant(BUENOS_AIRES).toLocalDate(), null, publisher,
                request.publicUrl(), fetchedAt, false));
    }
}
