package dev.quipu.rates.sources;

import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.List;

/**
 * Second opinion for Argentina's blue rate: Bluelytics {@code /v2/latest},
 * {@code blue.value_sell} with {@code last_update} (an offset date-time, -03:00).
 */
public final class BluelyticsSource extends PublisherSource {

    public static final String ID = "bluelytics";
    private static final ZoneId BUENOS_AIRES = ZoneId.of("America/Argentina/Buenos_Aires");

    private final JsonMapper json;
    private final String baseUrl;

    public BluelyticsSource(JsonMapper json, String baseUrl) {
        super(ID, "AR", List.of("usd_ars_blue"));
        this.json = json;
        this.baseUrl = baseUrl;
    }

    @Override
    public List<Observation> fetch(Transport transport, Instant fetchedAt) {
        SourceRequest request = SourceRequest.of(ID, "latest", baseUrl + "/v2/latest");
        JsonNode root = UpstreamValues.json(json, transport.get(request));
        JsonNode blue = root.get("blue");
        String updated = UpstreamValues.text(root, "last_update");
        var sell = blue == null ? java.util.Optional.<java.math.BigDecimal>empty() : UpstreamValues.decimal(blue.get("value_sell"));
        if (sell.isEmpty() || updated == null) {
            throw new UpstreamException("Bluelytics answered no blue.value_sell / last_update");
        }
        return List.of(new Observation("AR", "usd_ars_blue", sell.get(),
                OffsetDateTime.parse(updated).atZoneSameInstant(BUENOS_AIRES).toLocalDate(), null,
                "bluelytics.com.ar (dólar blue: unofficial street quote, scraped; not a central-bank rate)",
                request.publicUrl(), fetchedAt, false));
    }
}
