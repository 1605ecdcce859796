package dev.quipu.payment.streamaccess;

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

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The stream's free events, counted in the real PostgreSQL: 3 per address per rolling 24 h. */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StreamTrialEventsTest implements TestPropertyProvider {

    @Inject
    StreamTrialEvents trialEvents;

    @Inject
    @Client("/")
    HttpClient http;

    @Override
    public Map<String, String> getProperties() {
        Map<String, String> p = new HashMap<>(SuiteResources.forService("quipu_payment_stream_access_test"));
        p.put("quipu.outbox.poll-interval", "1h");
        return p;
    }

    private static String newAddress() {
        return "10." + (int) (Math.random() * 250) + "." + UUID.randomUUID().toString().substring(0, 4);
    }

    @Test
    void threeEventsAreGrantedThenTheFourthIsRefusedWithTheWaitUntilTheOldestLeavesTheWindow() throws SQLException {
        String ip = newAddress();
        for (int i = 1; i <= 3; i++) {
            StreamTrialEvents.Slot slot = trialEvents.take(ip);
            assertTrue(slot.granted());
            assertEquals(i, slot.used());
        }
        StreamTrialEvents.Slot refused = trialEvents.take(ip);
        assertFalse(refused.granted());
        assertEquals(3, refused.limit());
        assertTrue(refused.retryAfter().toHours() >= 23, refused.retryAfter().toString());
    }

    @Test
    void eachAddressHasItsOwnEvents() throws SQLException {
        String a = newAddress();
        for (int i = 0; i < 3; i++) {
            trialEvents.take(a);
        }
        assertTrue(trialEvents.take(newAddress()).granted());
    }

    @Test
    void concurrentStreamsOfOneAddressNeverGetMoreThanThreeTogether() throws Exception {
        String ip = newAddress();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Callable<Boolean>> takes = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                takes.add(() -> trialEvents.take(ip).granted());
            }
            int granted = 0;
            for (Future<Boolean> f : pool.invokeAll(takes)) {
                granted += f.get() ? 1 : 0;
            }
            assertEquals(3, granted);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void theInternalEndpointAnswersTheGatewaysQuestion() {
        String ip = newAddress();
        Map<String, Object> first = http.toBlocking().retrieve(
                HttpRequest.POST("/internal/stream-access/trial-events", Map.of("client_ip", ip)), Map.class);
        assertEquals(true, first.get("granted"));
        assertEquals(1, first.get("used"));
        assertEquals(3, first.get("limit"));
        assertEquals(24, first.get("window_hours"));
        http.toBlocking().exchange(HttpRequest.POST("/internal/stream-access/trial-events", Map.of("client_ip", ip)));
        http.toBlocking().exchange(HttpRequest.POST("/internal/stream-access/trial-events", Map.of("client_ip", ip)));
        Map<String, Object> fourth = http.toBlocking().retrieve(
                HttpRequest.POST("/internal/stream-access/trial-events", Map.of("client_ip", ip)), Map.class);
        assertEquals(false, fourth.get("granted"));
        assertTrue(((Number) fourth.get("retry_after_seconds")).longValue() > 23 * 3600);
    }

    @Test
    void aRequestWithoutAnAddressIs422() {
        HttpClientResponseException e = assertThrows(HttpClientResponseException.class, () -> http.toBlocking()
                .exchange(HttpRequest.POST("/internal/stream-access/trial-events", Map.of("ip", "1.2.3.4"))));
        assertEquals(422, e.getStatus().getCode());
    }
}
