package dev.quipu.rates.sources;

import io.micronaut.json.JsonMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BrazilSourcesTest {

    static final Instant FETCHED = Instant.parse("2024-01-10T20:00:00Z");
    final FakeUpstream upstream = new FakeUpstream();
    final Transport http = new HttpTransport(Duration.ofSeconds(5));

    @AfterEach
    void stop() {
        upstream.close();
    }

    /** Recorded real Olinda PTAX answer (bbk fixture bcb-fx-rates.json), numbers as JSON numbers. */
    @Test
    void ptaxIsTheClosingSellRateDatedByTheBulletin() {
        upstream.serve("/olinda/servico/PTAX/versao/v1/odata/CotacaoMoedaPeriodo(moeda=@moeda,dataInicial=@dataInicial,dataFinalCotacao=@dataFinalCotacao)",
                "recorded/bcb-olinda-ptax.json", "application/json");
        List<Observation> obs = new BcbPtaxSource(JsonMapper.createDefault(), upstream.url()).fetch(http, FETCHED);

        assertEquals(4, obs.size());
        assertEquals(0, new BigDecimal("4.88990").compareTo(obs.get(3).value()));
        assertEquals(LocalDate.of(2024, 1, 5), obs.get(3).asOf());
        String q = upstream.last().query();
        assertTrue(q.contains("@dataInicial='12-26-2023'") && q.contains("@dataFinalCotacao='01-10-2024'"), q);
        assertTrue(q.contains("tipoBoletim%20eq%20'Fechamento'"), q);
    }

    @Test
    void ptaxIgnoresIntermediateBulletinsWhenTheAnswerNamesThem() {
        String body = "{\"value\":[{\"cotacaoCompra\":4.78,\"cotacaoVenda\":4.79,\"dataHoraCotacao\":\"2023-06-27 10:08:00.0\",\"tipoBoletim\":\"Abertura\"},"
                + "{\"cotacaoCompra\":4.7897,\"cotacaoVenda\":4.7903,\"dataHoraCotacao\":\"2023-06-27 13:09:00.0\",\"tipoBoletim\":\"Fechamento PTAX\"}]}";
        upstream.serveBytes("/olinda/servico/PTAX/versao/v1/odata/CotacaoMoedaPeriodo(moeda=@moeda,dataInicial=@dataInicial,dataFinalCotacao=@dataFinalCotacao)",
                200, body.getBytes(), "application/json");
        List<Observation> obs = new BcbPtaxSource(JsonMapper.createDefault(), upstream.url()).fetch(http, FETCHED);
        assertEquals(1, obs.size());
        assertEquals(new BigDecimal("4.7903"), obs.get(0).value(), "BrasilAPI's test asserts venda 4.7903 at closing");
    }

    /** Recorded real SGS answer for series 1 (bbk fixture bcb-data.json): the same parser reads 432 (Selic). */
    @Test
    void sgsReadsStringValuesWithBrazilianDatesAndAlwaysSendsADateWindow() {
        upstream.serve("/dados/serie/bcdata.sgs.1/dados", "recorded/bcb-sgs-1.json", "application/json");
        List<Observation> obs = new BcbSgsSource(JsonMapper.createDefault(), upstream.url(), 1, "usd_brl_sgs", "dólar venda")
                .fetch(http, FETCHED);

        assertEquals(7, obs.size());
        assertEquals(LocalDate.of(2024, 1, 10), obs.get(6).asOf());
        assertEquals(new BigDecimal("4.8901"), obs.get(6).value());
        assertEquals("formato=json&dataInicial=11/12/2023&dataFinal=10/01/2024", upstream.last().query());
    }

    @Test
    void sgsEmptyBodyForARefusedWindowIsAFailure() {
        upstream.serveBytes("/dados/serie/bcdata.sgs.432/dados", 200, new byte[0], "application/json");
        var source = new BcbSgsSource(JsonMapper.createDefault(), upstream.url(), 432, "selic", "Selic");
        assertThrows(UpstreamException.class, () -> source.fetch(http, FETCHED));
    }
}
