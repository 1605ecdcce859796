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

/** The service in its embedded default (snapshot mode) against the real broker and database. */
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
    void colombiaAnswersTheRecordedTrmWithItsTrueDatesAndSaysSnapshot() {
        Map<String, Object> r = post("/rates", "{\"country\":\"CO\"}");

        assertEquals("snapshot", r.get("source_mode"));
        Map<String, Object> trm = (Map<String, Object>) r.get("usd_cop");
        assertEquals(1970.00, ((Number) trm.get("value")).doubleValue());
        assertEquals("2014-02-03", trm.get("as_of"));
        assertEquals("2014-02-03", trm.get("valid_until"));
        assertTrue(((String) trm.get("source_url")).startsWith("https://www.datos.gov.co/resource/32sa-8pi3.json"));
        assertNotNull(trm.get("fetched_at"));
        assertEquals(false, trm.get("stale"));
        assertNull(r.get("dtf_ea"), "no recording of BanRep SDMX is bundled");
        assertTrue(((Map<String, String>) r.get("unavailable")).get("dtf_ea").contains("no recorded response bundled"));
        assertTrue(((String) r.get("__freshness")).startsWith("snapshot; as_of=2014-02-03; age="), (String) r.get("__freshness"));
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
    void mexicoFxMoveUsesThePreviousPublicationDate() {
        Map<String, Object> r = post("/rates", "{\"country\":\"MX\",\"signals\":[\"fx\",\"arbitrage\"]}");

        List<Map<String, Object>> signals = (List<Map<String, Object>>) r.get("signals");
        Map<String, Object> move = signals.get(0);
        assertEquals("usd_mxn_change", move.get("name"));
        // (17.0458 - 17.0492) / 17.0492 × 100
        assertEquals(-0.0199, ((Number) move.get("value")).doubleValue(), 1e-9);
        List<Map<String, Object>> inputs = (List<Map<String, Object>>) move.get("inputs");
        assertEquals("2024-01-04", inputs.get(0).get("as_of"));
        assertEquals("2024-01-03", inputs.get(1).get("as_of"));
        assertNull(signals.get(1).get("value"), "no parallel market in Mexico");
        assertNull(post("/market/signal", "{\"country\":\"MX\"}").get("arbitrage_spread_pct"));
    }

    @Test
    void everyObservationIsKeptInTheHistoryOnce() throws Exception {
        post("/rates", "{\"country\":\"BR\"}");
        try (var c = resolver.resolve(db).getConnection(); var st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT count(*), count(DISTINCT as_of), min(source_mode) FROM rate_observations"
                     + " WHERE country = 'BR' AND rate = 'usd_brl'")) {
            rs.next();
            assertEquals(4, rs.getInt(1), "4 PTAX days, not duplicated by later refreshes");
            assertEquals(4, rs.getInt(2));
            assertEquals("snapshot", rs.getString(3));
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
        assertTrue(ar.sourceUrls().get("usd_ars").startsWith("https://dolarapi.com/"));
        RatesObserved pe = events.byCountry("PE");
        assertNotNull(pe);
        assertTrue(pe.values().isEmpty());
        assertTrue(pe.unavailable().containsKey("usd_pen"));
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
        assertTrue(versions.get("usd_cop").startsWith("2014-02-03 "), versions.toString());
    }

    @Test
    void aCountryWithoutASingleAvailableRateAnswers503WithTheReasonsSoNothingIsCharged() {
        // Peru has no recorded BCRP response bundled: in snapshot mode none of its rates can be served
        var e = org.junit.jupiter.api.Assertions.assertThrows(HttpClientResponseException.class,
                () -> http.toBlocking().exchange(HttpRequest.POST("/rates", Map.of("country", "PE")), String.class));
        assertEquals(503, e.getStatus().getCode());
        String body = e.getResponse().getBody(String.class).orElseThrow();
        assertTrue(body.contains("\"unavailable\"") && body.contains("bcrp-data"), body);
    }

    @Test
    void healthShowsTheFreshnessOfEveryRateWithoutCallingAPublisher() {
        http.toBlocking().exchange(HttpRequest.POST("/rates", Map.of("country", "CO")), String.class);
        Map<?, ?> health = http.toBlocking().retrieve(HttpRequest.GET("/health"), Map.class);
        Map<?, ?> sources = (Map<?, ?>) ((Map<?, ?>) ((Map<?, ?>) health.get("details")).get("rate_sources")).get("details");
        assertEquals("snapshot", sources.get("mode"));
        Map<?, ?> trm = (Map<?, ?>) ((Map<?, ?>) sources.get("CO")).get("usd_cop");
        assertNotNull(trm.get("as_of"));
        assertNotNull(trm.get("source"));
    }

    @Singleton
    @Requires(property = "spec.name", value = "RatesApiTest")
    @KafkaListener(groupId = "rates-api-test", offsetReset = OffsetReset.EARLIEST)
    static class EventCollector {
        final List<Map.Entry<String, RatesObserved>> received = new CopyOnWriteArrayList<>();

        @Topic(Topics.RATES)
        void on(@KafkaKey String country, RatesObserved event) {
            received.add(Map.entry(country, event));
        }

        RatesObserved byCountry(String country) {
            return received.stream().filter(e -> e.getKey().equals(country)).map(Map.Entry::getValue)
                    .reduce((a, b) -> b).orElse(null);
        }
    }
}
