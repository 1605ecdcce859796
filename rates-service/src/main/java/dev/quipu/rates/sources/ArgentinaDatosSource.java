package dev.quipu.rates.sources;

import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;

/**
 * Second source of Argentina's blue rate: ArgentinaDatos, one file per day
 * ({@code /v1/cotizaciones/dolares/blue/{yyyy}/{mm}/{dd}} → {@code {casa, compra, venta, fecha}}).
 * Weekends and holidays have their own rows carrying the last quote forward under their own
 * date; a day not written yet answers 404, so the newest day is found by walking back. An
 * unofficial, scraped street quote: never labelled official.
 */
public final class ArgentinaDatosSource extends PublisherSource {

    public static final String ID = "argentinadatos-blue";
    private static final ZoneId BUENOS_AIRES = ZoneId.of("America/Argentina/Buenos_Aires");
    /** Today and the days before it: enough for the longest Argentine long weekend. */
    private static final int DAYS_BACK = 5;

    private final JsonMapper json;
    private final String baseUrl;

    public ArgentinaDatosSource(JsonMapper json, String baseUrl) {
        super(ID, "AR", List.of("usd_ars_blue"));
        this.json = json;
        this.baseUrl = baseUrl;
    }

    @Override
    public List<Observation> fetch(Transport transport, Instant fetchedAt) {
        LocalDate day = fetchedAt.atZone(BUENOS_AIRES).toLocalDate();
        for (int back = 0; ; back++) {
            LocalDate d = day.minusDays(back);
            SourceRequest request = SourceRequest.of(ID, "day", baseUrl + "/v1/cotizaciones/dolares/blue/"
                    + d.getYear() + "/" + two(d.getMonthValue()) + "/" + two(d.getDayOfMonth()));
            try {
                return parse(UpstreamValues.json(json, transport.get(request)), request, fetchedAt);
            } catch (UpstreamException e) {
                if (e.status() != 404 || back >= DAYS_BACK) {
                    throw e;
                }
            }
        }
    }

    private static List<Observation> parse(JsonNode row, SourceRequest request, Instant fetchedAt) {
        if (!"blue".equals(UpstreamValues.text(row, "casa"))) {
            throw new UpstreamException("ArgentinaDatos answered casa " + UpstreamValues.text(row, "casa") + " for blue");
        }
        var sell = UpstreamValues.decimal(row.get("venta"));
        String fecha = UpstreamValues.text(row, "fecha");
        if (sell.isEmpty() || fecha == null) {
            throw new UpstreamException("ArgentinaDatos answered no venta / fecha");
        }
        return List.of(new Observation("AR", "usd_ars_blue", sell.get(), LocalDate.parse(fecha), null,
                "argentinadatos.com (dólar blue: unofficial street quote, scraped; not a central-bank rate)",
                request.publicUrl(), fetchedAt, false));
    }

    private static String two(int n) {
        return n < 10 ? "0" + n : String.valueOf(n);
    }
}
