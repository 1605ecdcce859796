package dev.quipu.report;

import dev.quipu.testkit.SuiteResources;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The service runs on its own database (migrated by Flyway) and the broker, and says so on /health. */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReportServiceHealthTest implements TestPropertyProvider {

    @Inject
    @Client("/")
    HttpClient http;

    @Override
    public Map<String, String> getProperties() {
        return SuiteResources.forService("quipu_report");
    }

    @Test
    void healthIsUpWithDatabaseAndKafkaIndicators() {
        Map<?, ?> health = http.toBlocking().retrieve(HttpRequest.GET("/health"), Map.class);
        assertEquals("UP", health.get("status"));
        Map<?, ?> details = (Map<?, ?>) health.get("details");
        assertTrue(details.containsKey("jdbc"), "database indicator");
        assertTrue(details.containsKey("kafka"), "kafka indicator");
    }

    @Test
    void prometheusMetricsAreExposed() {
        String metrics = http.toBlocking().retrieve(HttpRequest.GET("/prometheus"));
        assertTrue(metrics.contains("jvm_memory_used_bytes"));
    }
}
