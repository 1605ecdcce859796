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

/**
 * No recorded BCRPData answer exists in shared data (only inside code): the fixtures follow the
 * documented shape (research §3.1, BCRP API help page), with illustrative numbers.
 */
class PeruSourcesTest {

    static final Instant FETCHED = Instant.parse("2026-10-06T15:00:00Z");
    final FakeUpstream upstream = new FakeUpstream();
    final Transport http = new HttpTransport(Duration.ofSeconds(5));

    @AfterEach
    void stop() {
        upstream.close();
    }

    @Test
    void buyAndSellArePinnedFromTheSeriesNamesAndNdDaysSkipped() {
        upstream.serve("/estadisticas/series/api/PD04637PD-PD04638PD/json/2026-9-16/2026-10-6/esp",
                "documented/bcrp-data-interbank.json", "application/json");
        List<Observation> obs = new BcrpDataSource(JsonMapper.createDefault(), upstream.url()).fetch(http, FETCHED);

        assertEquals(4, obs.size(), "06.Oct.26 is n.d. for both");
        Observation sell = obs.stream().filter(o -> o.rate().equals("usd_pen") && o.asOf().equals(LocalDate.of(2026, 10, 5)))
                .findFirst().orElseThrow();
        assertEquals(new BigDecimal("3.500"), sell.value());
        assertTrue(sell.source().contains("Venta"));
    }

    @Test
    void whenTheAnswerListsVentaFirstTheColumnsFollowTheNamesNotTheCodes() {
        upstream.serve("/estadisticas/series/api/PD04637PD-PD04638PD/json/2026-9-16/2026-10-6/esp",
                "documented/bcrp-data-swapped-codes.json", "application/json");
        List<Observation> obs = new BcrpDataSource(JsonMapper.createDefault(), upstream.url()).fetch(http, FETCHED);

        Observation sell = obs.stream().filter(o -> o.rate().equals("usd_pen") && o.asOf().equals(LocalDate.of(2025, 12, 18)))
                .findFirst().orElseThrow();
        Observation buy = obs.stream().filter(o -> o.rate().equals("usd_pen_buy") && o.asOf().equals(LocalDate.of(2025, 12, 18)))
                .findFirst().orElseThrow();
        assertTrue(sell.value().compareTo(buy.value()) > 0, "sell above buy");
        assertTrue(obs.stream().anyMatch(o -> o.asOf().equals(LocalDate.of(2025, 9, 19))), "'Set' is septiembre");
    }

    @Test
    void periodNamesUseSpanishMonths() {
        assertEquals(LocalDate.of(2025, 12, 18), BcrpDataSource.period("18.Dic.25"));
        assertEquals(LocalDate.of(2026, 1, 2), BcrpDataSource.period("02.Ene.26"));
        assertThrows(UpstreamException.class, () -> BcrpDataSource.period("2026-01-02"));
    }
}
