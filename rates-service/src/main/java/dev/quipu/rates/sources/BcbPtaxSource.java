package dev.quipu.rates.sources;

import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * Brazil's PTAX (BRL per USD, sell) from the BCB Olinda OData service. A day has five bulletins
 * (opening, three intermediate, closing); the PTAX rate is the closing one, "Fechamento". We ask
 * for closing bulletins only; when an answer carries {@code tipoBoletim} we filter again.
 * Date parameters are quoted MM-DD-YYYY.
 */
public final class BcbPtaxSource extends PublisherSource {

    public static final String ID = "bcb-olinda-ptax";
    private static final DateTimeFormatter MDY = DateTimeFormatter.ofPattern("MM-dd-yyyy");
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss[.SSS][.SS][.S]");
    private static final ZoneId BRASILIA = ZoneId.of("America/Sao_Paulo");

    private final JsonMapper json;
    private final String baseUrl;

    public BcbPtaxSource(JsonMapper json, String baseUrl) {
        super(ID, "BR", List.of("usd_brl"));
        this.json = json;
        this.baseUrl = baseUrl;
    }

    @Override
    public List<Observation> fetch(Transport transport, Instant fetchedAt) {
        LocalDate end = fetchedAt.atZone(BRASILIA).toLocalDate();
        String url = baseUrl + "/olinda/servico/PTAX/versao/v1/odata/"
                + "CotacaoMoedaPeriodo(moeda=@moeda,dataInicial=@dataInicial,dataFinalCotacao=@dataFinalCotacao)"
                + "?@moeda='USD'&@dataInicial='" + end.minusDays(15).format(MDY) + "'&@dataFinalCotacao='" + end.format(MDY)
                + "'&$filter=tipoBoletim%20eq%20'Fechamento'&$format=json&$select=cotacaoCompra,cotacaoVenda,dataHoraCotacao,tipoBoletim";
        SourceRequest request = SourceRequest.of(ID, "ptax", url).withHeader("Accept", "application/json");
        JsonNode root = UpstreamValues.json(json, transport.get(request));
        JsonNode rows = root.get("value");
        if (rows == null || !rows.isArray()) {
            throw new UpstreamException("Olinda answered no value array");
        }
        List<Observation> out = new ArrayList<>();
        for (JsonNode row : rows.values()) {
            String kind = UpstreamValues.text(row, "tipoBoletim");
            if (kind != null && !kind.toLowerCase(java.util.Locale.ROOT).startsWith("fechamento")) {
                continue;
            }
            var sell = UpstreamValues.decimal(row.get("cotacaoVenda"));
            String stamp = UpstreamValues.text(row, "dataHoraCotacao");
            if (sell.isEmpty() || stamp == null) {
                continue;
            }
            out.add(new Observation("BR", "usd_brl", sell.get(), LocalDateTime.parse(stamp, STAMP).toLocalDate(), null,
                    "Banco Central do Brasil PTAX (Olinda, closing bulletin, sell)", request.publicUrl(), fetchedAt, true));
        }
        return out;
    }
}
