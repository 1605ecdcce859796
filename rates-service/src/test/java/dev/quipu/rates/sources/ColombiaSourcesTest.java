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

class ColombiaSourcesTest {

    static final Instant FETCHED = Instant.parse("2026-03-24T15:00:00Z");
    static final Instant FEB_2025 = Instant.parse("2025-02-11T15:00:00Z");
    static final String TRM_2025 = "datos-gov-co-trm/trm/32sa-8pi3-2024-12-31_2025-04-30.json";
    static final String SDMX_TRM = "banrep-sdmx-trm/trm/DF_TRM_DAILY_HIST-2025-01-01_2025-02-10.xml";
    static final String SDMX_DTF = "banrep-sdmx-dtf/dtf/DF_DTF_DAILY_HIST-2025-01-01_2025-02-10.xml";
    static final String SDMX_CBR = "banrep-sdmx-cbr/cbr/DF_CBR_DAILY_HIST-2025-01-01_2025-02-10.xml";
    static final String SDMX_IBR = "banrep-sdmx-ibr/ibr/DF_IBR_DAILY_HIST-2025-01-02_2025-02-10.xml";
    final FakeUpstream upstream = new FakeUpstream();
    final Transport http = new HttpTransport(Duration.ofSeconds(5));

    @AfterEach
    void stop() {
        upstream.close();
    }

    /** Recorded real datos.gov.co cut (shared/data upstream/datos-gov-co-trm, TRANSCRIBED). */
    @Test
    void trmKeepsThePublishersValidityWindowOverAWeekendAndHoliday() {
        upstream.serve("/resource/32sa-8pi3.json", "recorded/datos-gov-co-trm.json", "application/json;charset=utf-8");
        List<Observation> obs = new DatosGovTrmSource(JsonMapper.createDefault(), upstream.url(), "app-token-1").fetch(http, FETCHED);

        assertEquals(3, obs.size());
        Observation weekend = obs.get(1);
        assertEquals(new BigDecimal("1936.92"), weekend.value());
        assertEquals(LocalDate.of(2014, 1, 3), weekend.asOf());
        assertEquals(LocalDate.of(2014, 1, 7), weekend.validUntil(), "Saturday to Tuesday (6 Jan holiday) is one row");
        assertEquals(FETCHED, weekend.fetchedAt());
        assertTrue(weekend.official());
        assertEquals("$order=vigenciadesde%20DESC&$limit=10", upstream.last().query());
        assertEquals("app-token-1", upstream.last().header("X-App-Token"));
    }

    /** Recorded real datos.gov.co answer (santiagor6-maker/Portfolio-Manager-Herramienta, TRANSCRIBED), as bundled. */
    @Test
    void theBundledTrmRecordingRunsToApril2025WithItsHolidayWindowsAndStringNumbers() {
        upstream.serveBundled("/resource/32sa-8pi3.json", TRM_2025, "application/json;charset=utf-8");
        List<Observation> obs = new DatosGovTrmSource(JsonMapper.createDefault(), upstream.url(), null).fetch(http, FETCHED);

        assertEquals(79, obs.size());
        Observation last = obs.stream().max(java.util.Comparator.comparing(Observation::asOf)).orElseThrow();
        assertEquals(LocalDate.of(2025, 4, 30), last.asOf());
        assertEquals(new BigDecimal("4198.83"), last.value());
        Observation reyes = obs.stream().filter(o -> o.asOf().equals(LocalDate.of(2025, 1, 4))).findFirst().orElseThrow();
        assertEquals(LocalDate.of(2025, 1, 7), reyes.validUntil(), "weekend + Reyes Monday is one row");
        assertTrue(obs.stream().anyMatch(o -> o.value().toPlainString().equals("4219.0")), "the trailing zero as published");
    }

    /** Recorded real BanRep SDMX answers (same repository, TRANSCRIBED), as bundled. */
    @Test
    void theSdmxTrmAgreesWithDatosGovOnEveryCommonDay() {
        upstream.serveBundled("/nsi-jax-ws/rest/data/ESTAT,DF_TRM_DAILY_HIST,1.0/all/all", SDMX_TRM, "application/xml")
                .serveBundled("/resource/32sa-8pi3.json", TRM_2025, "application/json");
        List<Observation> sdmx = new BanrepSdmxSource(upstream.url(), BanrepSdmxSource.TRM).fetch(http, FEB_2025);
        List<Observation> socrata = new DatosGovTrmSource(JsonMapper.createDefault(), upstream.url(), null).fetch(http, FEB_2025);

        assertEquals(41, sdmx.size(), "every calendar day 2025-01-01 .. 2025-02-10");
        for (Observation day : sdmx) {
            Observation row = socrata.stream().filter(r -> !r.asOf().isAfter(day.asOf()) && !r.validUntil().isBefore(day.asOf()))
                    .findFirst().orElseThrow();
            assertEquals(0, row.value().compareTo(day.value()), day.asOf() + ": " + row.value() + " vs " + day.value());
        }
        assertTrue(sdmx.get(0).official());
        assertEquals("startPeriod=2024-01-01", upstream.seen().get(0).query(), "45 days back, by year: key all/all, no endPeriod");
    }

    @Test
    void ibrIsTheThreeMonthEffectiveSeriesOnBusinessDaysOnly() {
        upstream.serveBundled("/nsi-jax-ws/rest/data/ESTAT,DF_IBR_DAILY_HIST,1.0/all/all", SDMX_IBR, "application/xml");
        List<Observation> obs = new BanrepSdmxSource(upstream.url(), BanrepSdmxSource.IBR_90).fetch(http, FEB_2025);

        assertEquals(27, obs.size(), "one of the eight series (IRIBRM03, ER); 27 business days");
        assertTrue(obs.stream().allMatch(o -> o.rate().equals("ibr_90")));
        assertTrue(obs.stream().noneMatch(o -> o.asOf().equals(LocalDate.of(2025, 1, 6))), "Reyes Monday has no row");
    }

    @Test
    void thePolicyRateAndTheDtfAreReadFromTheirDataflows() {
        upstream.serveBundled("/nsi-jax-ws/rest/data/ESTAT,DF_CBR_DAILY_HIST,1.0/all/all", SDMX_CBR, "application/xml")
                .serveBundled("/nsi-jax-ws/rest/data/ESTAT,DF_DTF_DAILY_HIST,1.0/all/all", SDMX_DTF, "application/xml");
        Observation policy = newest(new BanrepSdmxSource(upstream.url(), BanrepSdmxSource.POLICY_RATE).fetch(http, FEB_2025));
        Observation dtf = newest(new BanrepSdmxSource(upstream.url(), BanrepSdmxSource.DTF).fetch(http, FEB_2025));

        assertEquals(new BigDecimal("9.5"), policy.value());
        assertEquals("banrep_rate_pct", policy.rate());
        assertEquals(new BigDecimal("9.25"), dtf.value());
        assertEquals(LocalDate.of(2025, 2, 10), dtf.asOf());
    }

    /** Written from the documented SDMX 2.1 Generic format (not a recording): a NaN day is no value. */
    @Test
    void sdmxNaNDaysAreSkipped() {
        upstream.serve("/nsi-jax-ws/rest/data/ESTAT,DF_DTF_DAILY_HIST,1.0/all/all", "documented/banrep-sdmx-dtf.xml", "application/xml");
        List<Observation> obs = new BanrepSdmxSource(upstream.url(), BanrepSdmxSource.DTF).fetch(http, FETCHED);

        assertEquals(2, obs.size());
        assertEquals(LocalDate.of(2026, 3, 23), obs.get(1).asOf());
        assertEquals(new BigDecimal("9.05"), obs.get(1).value());
        assertEquals("startPeriod=2026-01-01", upstream.last().query());
    }

    static Observation newest(List<Observation> obs) {
        return obs.stream().max(java.util.Comparator.comparing(Observation::asOf)).orElseThrow();
    }

    @Test
    void aServerErrorIsAnUpstreamFailureNotAValue() {
        upstream.fail("/resource/32sa-8pi3.json", 503);
        var source = new DatosGovTrmSource(JsonMapper.createDefault(), upstream.url(), null);
        var e = assertThrows(UpstreamException.class, () -> source.fetch(http, FETCHED));
        assertTrue(e.getMessage().startsWith("HTTP 503"), e.getMessage());
    }
}
