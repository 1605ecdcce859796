package dev.quipu.sanctions.refresh;

import com.sun.net.httpserver.HttpServer;
import dev.quipu.sanctions.api.ListState;
import dev.quipu.sanctions.lists.ListId;
import dev.quipu.testkit.SuiteResources;
import dev.quipu.testkit.UnListPublications;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Live by default, snapshot as the floor, with a local HTTP server standing in for the UN's official
 * URL and a port where nothing listens standing in for OFAC's: the service starts on its bundled
 * snapshots, fetches in the background, swaps in the UN's next publication and says so in answers and
 * {@code /health}; the unreachable SDN keeps its snapshot with the error and the next attempt shown.
 * The "next publication" is the bundled real UN list with one designation removed (Eric Badege,
 * DATAID 6907993) and today's date, as the UN's file after a delisting would be.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LiveListsTest implements TestPropertyProvider {

    private static final String DELISTED = "6907993";

    private final AtomicReference<byte[]> unFile = new AtomicReference<>();
    private final Instant published = Instant.now().minusSeconds(3600).truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
    private HttpServer server;

    @Override
    public Map<String, String> getProperties() {
        unFile.set(nextUnPublication());
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/resources/xml/en/consolidated.xml", exchange -> {
            byte[] body = unFile.get();
            if (body == null) {
                exchange.sendResponseHeaders(503, -1);
            } else {
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
            }
            exchange.close();
        });
        server.start();
        Map<String, String> p = new HashMap<>(SuiteResources.forService("quipu_sanctions"));
        p.put("quipu.lists.refresh.enabled", "true");
        p.put("quipu.lists.refresh.initial-delay", "0s");
        p.put("quipu.lists.refresh.un", "consolidated.xml=http://127.0.0.1:" + server.getAddress().getPort()
                + "/resources/xml/en/consolidated.xml");
        // nothing listens on port 1: refused at once, as a machine without network fails
        p.put("quipu.lists.refresh.ofac-sdn", "sdn_advanced.xml=http://127.0.0.1:1/api/PublicationPreview/exports/SDN_ADVANCED.XML");
        p.put("quipu.lists.refresh.ofac-cons", "");
        p.put("quipu.lists.refresh.eu", "");
        p.put("quipu.lists.refresh.uk", "");
        return p;
    }

    private byte[] nextUnPublication() {
        try (InputStream in = getClass().getResourceAsStream("/lists/un/UN_consolidated.xml")) {
            return UnListPublications.afterDelisting(in.readAllBytes(), DELISTED, published);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @AfterAll
    void stop() {
        server.stop(0);
    }

    @Inject
    @Client("/")
    HttpClient http;

    @Inject
    ListState state;

    @Inject
    ListRefreshJob job;

    @SuppressWarnings("unchecked")
    private Map<String, Object> list(String name) {
        Map<String, Object> health = http.toBlocking().retrieve(HttpRequest.GET("/health"), Map.class);
        Map<String, Object> lists = (Map<String, Object>) ((Map<String, Object>) health.get("details")).get("lists");
        return (Map<String, Object>) ((Map<String, Object>) lists.get("details")).get(name);
    }

    private Map<String, Object> awaitList(String name, Predicate<Map<String, Object>> condition) {
        long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        Map<String, Object> last = null;
        while (System.nanoTime() < end) {
            last = list(name);
            if (condition.test(last)) {
                return last;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }
        fail(name + " never reached the expected state; last seen " + last);
        return last;
    }

    @SuppressWarnings("unchecked")
    private List<Map<String, Object>> screen(String name) {
        Map<String, Object> r = http.toBlocking().retrieve(HttpRequest.POST("/sanctions", Map.of("name", name,
                "country", "CD", "type", "person")), Map.class);
        return (List<Map<String, Object>>) r.get("matches");
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> checked(String list) {
        Map<String, Object> r = http.toBlocking().retrieve(HttpRequest.POST("/sanctions", Map.of("name", "Nadie Cualquiera",
                "country", "CO", "type", "person")),
                Map.class);
        return ((List<Map<String, Object>>) r.get("lists_checked")).stream()
                .filter(c -> list.equals(c.get("list"))).findFirst().orElseThrow();
    }

    @Test
    @Order(1)
    void theOfficialFileFetchedAtStartReplacesTheBundledSnapshot() {
        Map<String, Object> un = awaitList("UN", l -> "live".equals(l.get("source_mode")));
        assertEquals(published.toString(), un.get("published_at"));
        assertNotNull(un.get("last_success"));
        assertNull(un.get("last_error"));
        assertTrue(Instant.parse((String) un.get("next_attempt")).isAfter(Instant.now().plus(Duration.ofHours(3))),
                "next fetch one interval (4 h) later: " + un.get("next_attempt"));
        assertEquals(1_002, ((Number) un.get("entities")).intValue(), "the bundled 1,003 less the delisted one");
        assertEquals(1_002, state.index().versions().get(ListId.UN).entityCount());
        assertTrue(screen("Eric Badege").stream().noneMatch(m -> "UN".equals(m.get("list"))),
                "the delisted designation is no longer matched on the UN list");
    }

    @Test
    @Order(2)
    void answersSayPerListWhereItCameFromItsPublisherDateAndAge() {
        awaitList("UN", l -> "live".equals(l.get("source_mode")));
        Map<String, Object> un = checked("UN");
        assertEquals("live", un.get("source_mode"));
        assertEquals(published.toString(), un.get("published_at"));
        long age = ((Number) un.get("age_seconds")).longValue();
        assertTrue(age >= 3600 && age < 3600 + 600, "age counted from the publisher's date: " + age);
        assertEquals(false, un.get("stale"));
        Map<String, Object> eu = checked("EU");
        assertEquals("snapshot", eu.get("source_mode"), "a list without sources stays on its snapshot");
    }

    @Test
    @Order(3)
    @SuppressWarnings("unchecked")
    void anUnreachablePublisherLeavesTheSnapshotServingWithTheErrorAndTheNextAttemptOnHealth() {
        Map<String, Object> sdn = awaitList("OFAC_SDN", l -> l.get("last_error") != null);
        assertEquals("snapshot", sdn.get("source_mode"));
        assertEquals(true, sdn.get("fetching"));
        assertNull(sdn.get("last_success"));
        assertTrue(((Map<String, Object>) sdn.get("last_error")).get("message").toString().contains("127.0.0.1:1"),
                sdn.toString());
        assertTrue(Instant.parse((String) sdn.get("next_attempt")).isAfter(Instant.now()), "a retry is scheduled");
        Map<String, Object> answer = checked("OFAC_SDN");
        assertEquals("snapshot", answer.get("source_mode"));
        assertEquals(true, answer.get("stale"), "the bundled SDN is older than OFAC's weekly cycle");
    }

    @Test
    @Order(4)
    void aFailedFetchAfterALiveOneKeepsTheLiveVersionMarkedStale() {
        awaitList("UN", l -> "live".equals(l.get("source_mode")));
        int entities = ((Number) list("UN").get("entities")).intValue();
        unFile.set(null);
        ListRefresher.Outcome outcome = job.refresh(ListId.UN);
        assertEquals(ListRefresher.Status.FAILED, outcome.status());
        Map<String, Object> un = list("UN");
        assertEquals("stale", un.get("source_mode"));
        assertEquals(entities, ((Number) un.get("entities")).intValue(), "the live version keeps serving");
        assertNotNull(un.get("last_error"));
        assertEquals("stale", checked("UN").get("source_mode"));
        assertFalse(screen("Eric Badege").stream().anyMatch(m -> "UN".equals(m.get("list"))));
    }
}
