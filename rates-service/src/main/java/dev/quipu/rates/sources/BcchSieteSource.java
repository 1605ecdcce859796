package dev.quipu.rates.sources;

import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Chile from Banco Central de Chile's BDE web service (SieteRestWS): dólar observado
 * ({@code F073.TCO.PRE.Z.D}) and UF ({@code F073.UFF.PRE.Z.D}), one request per series with the
 * credentials from configuration. {@code Codigo} 0 is success; observations with
 * {@code statusCode} {@code ND} carry an empty value; dates are dd-MM-yyyy; the body may be
 * ISO-8859-1.
 */
public final class BcchSieteSource extends PublisherSource {

    public static final String ID = "bcch-siete";
    private static final Map<String, String> SERIES = Map.of("usd_clp", "F073.TCO.PRE.Z.D", "uf_clp", "F073.UFF.PRE.Z.D");
    private static final DateTimeFormatter DMY = DateTimeFormatter.ofPattern("dd-MM-yyyy");
    private static final ZoneId SANTIAGO = ZoneId.of("America/Santiago");

    private final JsonMapper json;
    private final String baseUrl;
    private final String user;
    private final String password;

    public BcchSieteSource(JsonMapper json, String baseUrl, String user, String password) {
        super(ID, "CL", List.of("usd_clp", "uf_clp"));
        this.json = json;
        this.baseUrl = baseUrl;
        this.user = user;
        this.password = password;
    }

    @Override
    public List<String> credentialSettings() {
        return List.of("QUIPU_RATES_BCCH_USER", "QUIPU_RATES_BCCH_PASSWORD");
    }

    @Override
    public boolean credentialsMissing() {
        return user == null || user.isBlank() || password == null || password.isBlank();
    }

    @Override
    public List<Observation> fetch(Transport transport, Instant fetchedAt) {
        if ("live".equals(transport.mode()) && credentialsMissing()) { // never send empty credentials
            throw new UpstreamException("credentials_missing: no BCCh user and password (QUIPU_RATES_BCCH_USER, QUIPU_RATES_BCCH_PASSWORD)");
        }
        LocalDate end = fetchedAt.atZone(SANTIAGO).toLocalDate();
        List<Observation> out = new ArrayList<>();
        for (String rate : rates()) {
            String series = SERIES.get(rate);
            String shown = baseUrl + "/SieteRestWS/SieteRestWS.ashx?function=GetSeries&timeseries=" + series
                    + "&firstdate=" + end.minusDays(20) + "&lastdate=" + end;
            String full = shown + "&user=" + enc(user) + "&pass=" + enc(password);
            var request = new SourceRequest(ID, rate, java.net.URI.create(full), Map.of("Accept", "application/json"), shown);
            out.addAll(parse(UpstreamValues.json(json, transport.get(request)), rate, series, shown, fetchedAt));
        }
        return out;
    }

    private static List<Observation> parse(JsonNode root, String rate, String series, String url, Instant fetchedAt) {
        String code = UpstreamValues.text(root, "Codigo");
        if (!"0".equals(code)) {
            // errors come in the normal envelope (Series fields null, Obs null), so the code is checked first
            String what = "-5".equals(code) ? "BCCh rejected the credentials" : "BCCh refused " + series;
            throw new UpstreamException(what + " (Codigo " + code + ": " + UpstreamValues.text(root, "Descripcion") + ")");
        }
        JsonNode s = root.get("Series");
        JsonNode obs = s == null ? null : s.get("Obs");
        if (obs == null || !obs.isArray()) {
            throw new UpstreamException("BCCh answered no Series.Obs for " + series);
        }
        String name = UpstreamValues.text(s, "descripEsp");
        List<Observation> out = new ArrayList<>();
        for (JsonNode o : obs.values()) {
            if (!"OK".equalsIgnoreCase(UpstreamValues.text(o, "statusCode"))) {
                continue; // ND: no data that day
            }
            var value = UpstreamValues.decimal(o.get("value"));
            if (value.isEmpty()) {
                continue;
            }
            out.add(new Observation("CL", rate, value.get(), LocalDate.parse(UpstreamValues.text(o, "indexDateString"), DMY),
                    null, "Banco Central de Chile BDE " + series + (name == null ? "" : " (" + name + ")"), url, fetchedAt, true));
        }
        return out;
    }

    private static String enc(String s) {
        return URLEncoder.encode(s == null ? "" : s, StandardCharsets.UTF_8);
    }
}
