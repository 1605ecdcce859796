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
 * No recorded answer of the daily BCRPData series exists in shared data: the daily fixtures follow
 * the documented shape (research §3.1, BCRP API help page), with illustrative numbers. The monthly
 * series is a real recording.
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

    /** Recorded real BCRPData answer (JEstebanMejiaV/modelo-trm-colombia, TRANSCRIBED), as bundled. */
    @Test
    void theMonthlyAverageIsServedAsWhatItIsWithItsPeriod() {
        upstream.serveBundled("/estadisticas/series/api/PN01207PM/json/2025-05/2026-05/esp",
                "bcrp-data-monthly/PN01207PM/PN01207PM-monthly-2005-12_2026-04.json", "application/json");
        List<Observation> obs = new BcrpMonthlySource(JsonMapper.createDefault(), upstream.url())
                .fetch(http, Instant.parse("2026-05-15T15:00:00Z"));

        assertEquals(13, obs.size(), "the answer reaches back to 2005; only the last 13 months are kept");
        Observation april = obs.get(12);
        assertEquals("usd_pen", april.rate());
        assertEquals(new BigDecimal("3.44349"), april.value());
        assertEquals("2026-04", april.period());
        assertEquals(LocalDate.of(2026, 4, 30), april.asOf(), "dated the last day of its month");
        assertTrue(april.description().contains("monthly average") && april.description().contains("not a daily"));
        assertTrue(april.official());
        assertEquals("2026-03", obs.get(11).period());
    }

    @Test
    void monthNamesAcceptBothSpellingsOfSeptember() {
        assertEquals(java.time.YearMonth.of(2025, 9), BcrpMonthlySource.month("Set.2025"));
        assertEquals(java.time.YearMonth.of(2025, 9), BcrpMonthlySource.month("Sep.2025"));
        assertThrows(UpstreamException.class, () -> BcrpMonthlySource.month("2025-09"));
    }

    @Test
    void periodNamesUseSpanishMonths() {
        assertEquals(LocalDate.of(2025, 12, 18), BcrpDataSource.period("18.Dic.25"));
        assertEquals(LocalDate.of(2026, 1, 2), BcrpDataSource.period("02.Ene.26"));
        assertThrows(UpstreamException.class, () -> BcrpDataSource.period("2026-01-02"));
    }
}
