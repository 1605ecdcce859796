package dev.quipu.rates.api;

import dev.quipu.contracts.events.RatesObserved;
import dev.quipu.contracts.events.Topics;
import dev.quipu.testkit.SuiteResources;
import io.micronaut.configuration.kafka.annotation.KafkaKey;
import io.micronaut.configuration.kafka.annotation.KafkaListener;
import io.micronaut.configuration.kafka.annotation.OffsetReset;
import io.micronaut.configuration.kafka.annotation.Topic;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import io.micronaut.json.JsonMapper;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import javax.sql.DataSource;
import java.sql.ResultSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The service with fetching off (the tests' setting: the bundled recordings only) against the real broker and database. */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RatesApiTest implements TestPropertyProvider {

    @Inject
    @Client("/")
    HttpClient http;
    @Inject
    JsonMapper json;
    @Inject
    DataSource db;
    @Inject
    EventCollector events;
    @Inject
    io.micronaut.jdbc.DataSourceResolver resolver;

    @Override
    public Map<String, String> getProperties() {
        Map<String, String> p = new HashMap<>(SuiteResources.forService("quipu_rates"));
        p.put("spec.name", "RatesApiTest");
        // the broker is shared with the other tests of this JVM: only events of this service count
        p.put("rates-api-test.started", java.time.Instant.now().toString());
        return p;
    }

    @SuppressWarnings("unchecked")
    Map<String, Object> post(String path, String body) {
        HttpResponse<String> r;
        try {
            r = http.toBlocking().exchange(HttpRequest.POST(path, body), String.class);
        } catch (HttpClientResponseException e) {
            throw new AssertionError(e.getStatus() + " " + e.getResponse().getBody(String.class).orElse(""), e);
        }
        assertEquals(200, r.code());
        try {
            Map<String, Object> m = json.readValue(r.body(), Map.class);
            m.put("__freshness", r.header("X-Data-Freshness"));
            return m;
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    String rejected(String path, String body) {
        var e = org.junit.jupiter.api.Assertions.assertThrows(HttpClientResponseException.class,
                () -> http.toBlocking().exchange(HttpRequest.POST(path, body), String.class));
        assertEquals(422, e.getStatus().getCode());
        return e.getResponse().getBody(String.class).orElse("");
    }

    @Test
    @SuppressWarnings("unchecked")
    void colombiaAnswersTheNewestRecordedTrmWithItsTrueDatesAndSaysSnapshot() {
        Map<String, Object> r = post("/rates", "{\"country\":\"CO\"}");

        assertEquals("snapshot", r.get("source_mode"));
        Map<String, Object> trm = (Map<String, Object>) r.get("usd_cop");
        assertEquals(4198.83, ((Number) trm.get("value")).doubleValue());
        assertEquals("2025-04-30", trm.get("as_of"));
        assertEquals("2025-04-30", trm.get("valid_until"));
        assertEquals("snapshot", trm.get("source_mode"));
        assertEquals(true, trm.get("official"));
        assertTrue(((String) trm.get("source_url")).startsWith("https://www.datos.gov.co/resource/32sa-8pi3.json"));
        assertNotNull(trm.get("fetched_at"));
        assertTrue(((Number) trm.get("age_days")).intValue() > 0, "days since the publisher's date");
        assertEquals(false, trm.get("stale"));
        Map<String, Object> dtf = (Map<String, Object>) r.get("dtf_ea");
        assertEquals("2025-02-10", dtf.get("as_of"));
        assertEquals(9.25, ((Number) dtf.get("value")).doubleValue());
        assertEquals(9.5, ((Number) ((Map<String, Object>) r.get("banrep_rate_pct")).get("value")).doubleValue());
        assertNotNull(r.get("ibr_90"));
        assertTrue(((Map<String, String>) r.get("unavailable")).isEmpty());
        assertTrue(((String) r.get("__freshness")).startsWith("snapshot; as_of=2025-02-10; age="), (String) r.get("__freshness"));
    }

    @Test
    void anUnknownSignalIsRejectedWithTheSpecBody() {
        String body = rejected("/rates", "{\"country\":\"CO\",\"signals\":[\"fx\",\"weather\"]}");
        assertTrue(body.contains("\"detail\"") && body.contains("signals"), body);
    }

    @Test
    void badCountryAndNonJsonBodiesAre422NotErrors() {
        assertTrue(rejected("/rates", "{\"country\":\"US\"}").contains("country"));
        assertTrue(rejected("/rates", "{country").contains("json_invalid"));
        assertTrue(rejected("/market/signal", "{}").contains("country"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void argentinaSignalsComputeTheBlueGapFromTheRecordedQuotes() {
        Map<String, Object> r = post("/market/signal", "{\"country\":\"AR\"}");

        // (1550 - 1499) / 1499 × 100: blue venta vs the wholesale rate relayed by DolarApi (BCRA not recorded)
        assertEquals(3.4023, ((Number) r.get("arbitrage_spread_pct")).doubleValue(), 1e-9);
        Map<String, Object> blue = (Map<String, Object>) r.get("blue_rate_usd");
        assertEquals(1550, ((Number) blue.get("value")).intValue());
        assertEquals("2026-08-22", blue.get("as_of"));
        assertEquals(false, blue.get("official"));
        Map<String, Object> primary = (Map<String, Object>) r.get("primary_fx_usd");
        assertEquals("2026-08-21", primary.get("as_of"));
        List<Map<String, Object>> signals = (List<Map<String, Object>>) r.get("signals");
        Map<String, Object> gap = signals.stream().filter(s -> s.get("name").equals("usd_ars_blue_gap")).findFirst().orElseThrow();
        assertEquals(2, ((List<?>) gap.get("inputs")).size());
    }

    @Test
    @SuppressWarnings("unchecked")
    void mexicoFxMoveUsesThePreviousPublicationDateOfTheNewestRecording() {
        Map<String, Object> r = post("/rates", "{\"country\":\"MX\",\"signals\":[\"fx\",\"arbitrage\"]}");

        List<Map<String, Object>> signals = (List<Map<String, Object>>) r.get("signals");
        Map<String, Object> move = signals.get(0);
        assertEquals("usd_mxn_change", move.get("name"));
        // (16.9018 - 17.0638) / 17.0638 × 100: DolarApi's relayed FIX of 21 and 18 Aug 2026 (newer than Banxico's recording)
        assertEquals(-0.9494, ((Number) move.get("value")).doubleValue(), 1e-9);
        List<Map<String, Object>> inputs = (List<Map<String, Object>>) move.get("inputs");
        assertEquals("2026-08-21", inputs.get(0).get("as_of"));
        assertEquals("2026-08-18", inputs.get(1).get("as_of"));
        assertEquals(false, ((Map<String, Object>) r.get("usd_mxn")).get("official"));
        assertNull(signals.get(1).get("value"), "no parallel market in Mexico");
        assertNull(post("/market/signal", "{\"country\":\"MX\"}").get("arbitrage_spread_pct"));
    }

    @Test
    void everyObservationIsKeptInTheHistoryOnce() throws Exception {
        post("/rates", "{\"country\":\"BR\"}");
        long deadline = System.currentTimeMillis() + 20_000; // the recordings are stored in the background at start
        while (true) {
            try (var c = resolver.resolve(db).getConnection(); var st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT count(*), count(DISTINCT as_of), min(source_mode) FROM rate_observations"
                         + " WHERE country = 'BR' AND rate = 'usd_brl'")) {
                rs.next();
                if (rs.getInt(1) == 0 && System.currentTimeMillis() < deadline) {
                    Thread.sleep(100);
                    continue;
                }
                assertEquals(4, rs.getInt(1), "4 PTAX days, not duplicated");
                assertEquals(4, rs.getInt(2));
                assertEquals("snapshot", rs.getString(3));
                return;
            }
        }
    }

    @Test
    void everyCountrysFullSetIsPublishedOnTheRatesTopicKeyedByCountry() throws Exception {
        long deadline = System.currentTimeMillis() + 20_000;
        while (System.currentTimeMillis() < deadline && events.byCountry("AR") == null) {
            Thread.sleep(100);
        }
        RatesObserved ar = events.byCountry("AR");
        assertNotNull(ar, "published at start");
        assertEquals("snapshot", ar.sourceMode());
        assertEquals("1550", ar.values().get("usd_ars_blue"));
        assertEquals("2026-08-22", ar.asOf().get("usd_ars_blue"));
        assertEquals(false, ar.stale().get("usd_ars_blue"));
        assertEquals("snapshot", ar.sourceModes().get("usd_ars_blue"));
        assertTrue(ar.sourceUrls().get("usd_ars").startsWith("https://dolarapi.com/"));
        RatesObserved pe = events.byCountry("PE");
        assertNotNull(pe);
        assertEquals("2026-04-30", pe.asOf().get("usd_pen"));
        assertTrue(pe.unavailable().containsKey("usd_pen_buy"));
    }

    @Test
    void theRealControllerTakesPrecedenceOverThePendingCatchAll() {
        // PendingOperations would answer 501 for a price-book path without a controller
        assertEquals(200, http.toBlocking().exchange(HttpRequest.POST("/market/signal", "{\"country\":\"CO\"}"), String.class).code());
    }

    @Test
    void anAnswerReportsThePublisherDateOfEveryRateForTheAuditChain() {
        var response = http.toBlocking().exchange(HttpRequest.POST("/rates", Map.of("country", "CO")), String.class);
        Map<String, String> versions = dev.quipu.contracts.events.DataVersions.parse(
                response.getHeaders().get(dev.quipu.contracts.events.DataVersions.HEADER));
        assertTrue(versions.get("usd_cop").startsWith("2025-04-30 "), versions.toString());
    }

    @Test
    @SuppressWarnings("unchecked")
    void peruServesTheMonthlyAverageAsWhatItIs() {
        Map<String, Object> r = post("/rates", "{\"country\":\"PE\"}");

        Map<String, Object> pen = (Map<String, Object>) r.get("usd_pen");
        assertEquals("2026-04", pen.get("period"));
        assertEquals("2026-04-30", pen.get("as_of"));
        assertTrue(((String) pen.get("description")).contains("monthly average"), (String) pen.get("description"));
        assertNull(r.get("usd_pen_buy"));
        assertTrue(((Map<String, String>) r.get("unavailable")).get("usd_pen_buy").contains("bcrp-data: fetching off"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void healthShowsEverySourceAndTheFreshnessOfEveryRateWithoutCallingAPublisher() {
        Map<?, ?> health = http.toBlocking().retrieve(HttpRequest.GET("/health"), Map.class);
        Map<?, ?> details = (Map<?, ?>) ((Map<?, ?>) ((Map<?, ?>) health.get("details")).get("rate_sources")).get("details");
        assertEquals("snapshot", details.get("mode"));
        Map<String, Map<String, Object>> sources = (Map<String, Map<String, Object>>) details.get("sources");
        assertEquals("snapshot", sources.get("datos-gov-co-trm").get("mode"));
        assertEquals(Map.of("newest_as_of", "2025-04-30"), sources.get("datos-gov-co-trm").get("recording"));
        assertEquals(true, sources.get("banxico-sie").get("credentials_missing"));
        assertEquals("unavailable", sources.get("bcb-sgs-432").get("mode"));
        Map<?, ?> trm = (Map<?, ?>) ((Map<?, ?>) details.get("CO")).get("usd_cop");
        assertEquals("2025-04-30", trm.get("as_of"));
        assertEquals("snapshot", trm.get("source_mode"));
    }

    @Singleton
    @Requires(property = "spec.name", value = "RatesApiTest")
    @KafkaListener(groupId = "rates-api-test", offsetReset = OffsetReset.EARLIEST)
    static class EventCollector {
        final List<Map.Entry<String, RatesObserved>> received = new CopyOnWriteArrayList<>();
        @io.micronaut.context.annotation.Value("${rates-api-test.started}")
        java.time.Instant started;

        @Topic(Topics.RATES)
        void on(@KafkaKey String country, RatesObserved event) {
            if (java.time.Instant.parse(event.observedAt()).isAfter(started)) {
                received.add(Map.entry(country, event));
            }
        }

        RatesObserved byCountry(String country) {
            return received.stream().filter(e -> e.getKey().equals(country)).map(Map.Entry::getValue)
                    .reduce((a, b) -> b).orElse(null);
        }
    }
}
