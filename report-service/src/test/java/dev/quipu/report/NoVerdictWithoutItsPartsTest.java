package dev.quipu.report;

import dev.quipu.testkit.SuiteResources;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * No verdict without its parts: with sanctions-service and registry-service unreachable (nothing listens
 * on their port) a report is a 503 naming the part, with Retry-After, never a clearance; bad input is still a 422.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NoVerdictWithoutItsPartsTest implements TestPropertyProvider {

    @Inject
    @Client("/")
    HttpClient http;

    @Override
    public Map<String, String> getProperties() {
        Map<String, String> p = new HashMap<>(SuiteResources.forService("quipu_report"));
        p.putAll(SuiteResources.internalAuth("report-service"));
        p.put("micronaut.http.services.sanctions.url", "http://127.0.0.1:1");
        p.put("micronaut.http.services.registry.url", "http://127.0.0.1:1");
        p.put("micronaut.http.services.rates.url", "http://127.0.0.1:1");
        return p;
    }

    @Test
    void sanctionsServiceDownIsA503NamingThePart() {
        HttpClientResponseException e = assertThrows(HttpClientResponseException.class, () -> http.toBlocking().exchange(
                HttpRequest.POST("/solutions/screening-global", Map.of("name", "Ecopetrol S.A.", "country", "CO", "type", "company")),
                String.class));
        assertEquals(503, e.getStatus().getCode());
        assertNotNull(e.getResponse().getHeaders().get("Retry-After"));
        String body = e.getResponse().getBody(String.class).orElseThrow();
        assertTrue(body.contains("part_unavailable") && body.contains("sanctions-service"), body);
    }

    @Test
    void registryServiceDownIsA503ForTheKyb() {
        HttpClientResponseException e = assertThrows(HttpClientResponseException.class, () -> http.toBlocking().exchange(
                HttpRequest.POST("/entity/kyb", Map.of("identifier", "899999068-1", "country", "CO")), String.class));
        assertEquals(503, e.getStatus().getCode());
        assertNotNull(e.getResponse().getHeaders().get("Retry-After"));
        assertTrue(e.getResponse().getBody(String.class).orElseThrow().contains("registry-service"));
    }

    @Test
    void aKybBundleWithItsPartsDownIsA503() {
        HttpClientResponseException e = assertThrows(HttpClientResponseException.class, () -> http.toBlocking().exchange(
                HttpRequest.POST("/solutions/kyb-complete-pe", Map.of("identifier", "20131312955")), String.class));
        assertEquals(503, e.getStatus().getCode());
    }

    @Test
    void representativesThatAreNotNamesAreA422() {
        HttpClientResponseException e = assertThrows(HttpClientResponseException.class, () -> http.toBlocking().exchange(
                HttpRequest.POST("/solutions/kyb-complete-pe", Map.of("identifier", "20131312955", "representatives", java.util.List.of(7))),
                String.class));
        assertEquals(422, e.getStatus().getCode());
        assertTrue(e.getResponse().getBody(String.class).orElseThrow().contains("representatives"));
    }

    @Test
    void aDefiReportWithSanctionsServiceDownIsA503() {
        HttpClientResponseException e = assertThrows(HttpClientResponseException.class, () -> http.toBlocking().exchange(
                HttpRequest.POST("/report/defi-latam", Map.of("country", "MX", "wallet", "0x0000000000000000000000000000000000000001")),
                String.class));
        assertEquals(503, e.getStatus().getCode());
        assertTrue(e.getResponse().getBody(String.class).orElseThrow().contains("sanctions-service"));
    }

    @Test
    void aDefiReportWithNothingToClearIsA422() {
        HttpClientResponseException e = assertThrows(HttpClientResponseException.class, () -> http.toBlocking().exchange(
                HttpRequest.POST("/report/defi-latam", Map.of("country", "MX")), String.class));
        assertEquals(422, e.getStatus().getCode());
    }

    @Test
    void aTypeOutsideTheSpecIsA422() {
        HttpClientResponseException e = assertThrows(HttpClientResponseException.class, () -> http.toBlocking().exchange(
                HttpRequest.POST("/solutions/screening-global", Map.of("name", "X", "country", "CO", "type", "vessel")), String.class));
        assertEquals(422, e.getStatus().getCode());
    }
}
