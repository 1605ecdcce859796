package dev.quipu.sanctions.refresh;

import com.sun.net.httpserver.HttpServer;
import dev.quipu.contracts.events.ListVersionChanged;
import dev.quipu.contracts.events.Topics;
import dev.quipu.sanctions.api.ListState;
import dev.quipu.sanctions.lists.ListId;
import dev.quipu.sanctions.lists.ListVersionStore;
import dev.quipu.sanctions.matching.ScreeningIndex;
import dev.quipu.testkit.SuiteResources;
import io.micronaut.configuration.kafka.annotation.KafkaKey;
import io.micronaut.configuration.kafka.annotation.KafkaListener;
import io.micronaut.configuration.kafka.annotation.OffsetReset;
import io.micronaut.configuration.kafka.annotation.Topic;
import io.micronaut.context.annotation.Requires;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The refresh against a local HTTP server serving the real OFAC files: the SDN of 2024-04-02, then of
 * 2024-05-03 (SOURCES.md: 417 added, 12 removed, 11 modified), and the real 0-byte download; the
 * change event is read back from the real in-process broker, the version row from PostgreSQL.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ListRefreshTest implements TestPropertyProvider {

    private static final String PREVIOUS_SHA = "959cd3ea69096971a22c9d36586c96dd9cfeffd6e5c0d25006322b731782236c";
    private static final String CURRENT_SHA = "210ca6b4a8187a34e0850be69ecc6e918f23ad7778b8b5b2f9c9d5fbbaf4e0cb";

    private final Map<String, byte[]> served = new ConcurrentHashMap<>();
    private HttpServer server;

    @Override
    public Map<String, String> getProperties() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", exchange -> {
            byte[] body = served.get(exchange.getRequestURI().getPath());
            if (body == null) {
                exchange.sendResponseHeaders(500, -1);
            } else {
                exchange.sendResponseHeaders(200, body.length == 0 ? -1 : body.length);
                if (body.length > 0) {
                    exchange.getResponseBody().write(body);
                }
            }
            exchange.close();
        });
        server.start();
        Map<String, String> p = new HashMap<>(SuiteResources.forService("quipu_sanctions"));
        p.put("spec.name", "ListRefreshTest");
        return p;
    }

    @AfterAll
    void stop() {
        server.stop(0);
    }

    @Inject
    ListState state;

    @Inject
    ListVersionStore store;

    @Inject
    ListEventClient events;

    @Inject
    EventCollector collector;

    private ListRefresher refresher() {
        return new ListRefresher(state, new ListFetcher(Duration.ofSeconds(10), Duration.ofSeconds(10)), 0.2, events::send);
    }

    private Map<String, String> sdnSource() {
        return Map.of("sdn.csv", "http://127.0.0.1:" + server.getAddress().getPort() + "/SDN.CSV");
    }

    private void serve(String resource) {
        try (InputStream in = getClass().getResourceAsStream(resource)) {
            served.put("/SDN.CSV", in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    @Order(1)
    void theRealZeroByteDownloadIsRefusedAndTheServingIndexStays() {
        ScreeningIndex before = state.index();
        serve("/lists/sdn-full/sdn-empty-download.csv");
        ListRefresher.Outcome o = refresher().refresh(ListId.OFAC_SDN, sdnSource(), false);
        assertEquals(ListRefresher.Status.REFUSED, o.status());
        assertTrue(o.reason().contains("0 bytes"), o.reason());
        assertSame(before, state.index());
    }

    @Test
    @Order(2)
    void aDownloadThatFailsLeavesTheServingIndex() {
        ScreeningIndex before = state.index();
        served.remove("/SDN.CSV");
        ListRefresher.Outcome o = refresher().refresh(ListId.OFAC_SDN, sdnSource(), false);
        assertEquals(ListRefresher.Status.FAILED, o.status());
        assertTrue(o.reason().contains("HTTP 500"), o.reason());
        assertSame(before, state.index());
    }

    @Test
    @Order(3)
    void aValidNewVersionIsSwappedInAndRecorded() {
        serve("/lists/sdn-full/sdn-previous.csv");
        // the bundled SDN serving at start is the Advanced XML of 2025-11-19 (18,367 entities): the April 2024
        // file (14,560) is 21 % smaller, which the guard refuses unless forced
        assertEquals(ListRefresher.Status.REFUSED, refresher().refresh(ListId.OFAC_SDN, sdnSource(), false).status());
        ListRefresher.Outcome o = refresher().refresh(ListId.OFAC_SDN, sdnSource(), true);
        assertEquals(ListRefresher.Status.UPDATED, o.status(), o.reason());
        assertEquals(PREVIOUS_SHA, state.index().versions().get(ListId.OFAC_SDN).sha256());
        assertEquals(14_560, state.index().versions().get(ListId.OFAC_SDN).entityCount());
        assertTrue(store.exists(ListId.OFAC_SDN, PREVIOUS_SHA));
    }

    @Test
    @Order(4)
    void theNextMonthIsPublishedWithItsAddedRemovedAndChangedCounts() throws Exception {
        serve("/lists/ofac-sdn/sdn.csv");
        ListRefresher.Outcome o = refresher().refresh(ListId.OFAC_SDN, sdnSource(), false);
        assertEquals(ListRefresher.Status.UPDATED, o.status(), o.reason());
        assertEquals(new ListDiff(417, 12, 11), o.diff());
        assertEquals(CURRENT_SHA, state.index().versions().get(ListId.OFAC_SDN).sha256());
        ListVersionChanged event = collector.await(CURRENT_SHA, Duration.ofSeconds(30));
        assertNotNull(event, "event on " + Topics.LISTS);
        assertEquals("OFAC_SDN", collector.keyOf(event));
        assertEquals(14_965, event.entities());
        assertEquals(List.of(417, 12, 11), List.of(event.added(), event.removed(), event.changed()));
    }

    @Test
    @Order(5)
    void theSameFileAgainIsUnchanged() {
        ScreeningIndex before = state.index();
        ListRefresher.Outcome o = refresher().refresh(ListId.OFAC_SDN, sdnSource(), false);
        assertEquals(ListRefresher.Status.UNCHANGED, o.status());
        assertSame(before, state.index());
    }

    @Test
    @Order(6)
    void aVersionFarSmallerThanTheServingOneIsRefusedUnlessForced() {
        ScreeningIndex before = state.index();
        serve("/lists/sdn-2019/sdn.csv");
        ListRefresher.Outcome refused = refresher().refresh(ListId.OFAC_SDN, sdnSource(), false);
        assertEquals(ListRefresher.Status.REFUSED, refused.status());
        assertTrue(refused.reason().contains("outside"), refused.reason());
        assertSame(before, state.index());
        ListRefresher.Outcome forced = refresher().refresh(ListId.OFAC_SDN, sdnSource(), true);
        assertEquals(ListRefresher.Status.UPDATED, forced.status(), forced.reason());
    }

    @Singleton
    @Requires(property = "spec.name", value = "ListRefreshTest")
    @KafkaListener(groupId = "list-refresh-test", offsetReset = OffsetReset.EARLIEST)
    static class EventCollector {
        final List<Map.Entry<String, ListVersionChanged>> received = new CopyOnWriteArrayList<>();

        @Topic(Topics.LISTS)
        void on(@KafkaKey String list, ListVersionChanged event) {
            received.add(Map.entry(list, event));
        }

        ListVersionChanged await(String sha, Duration timeout) throws InterruptedException {
            long end = System.nanoTime() + timeout.toNanos();
            while (System.nanoTime() < end) {
                for (var e : received) {
                    if (e.getValue().sha256().equals(sha)) {
                        return e.getValue();
                    }
                }
                Thread.sleep(100);
            }
            return null;
        }

        String keyOf(ListVersionChanged event) {
            return received.stream().filter(e -> e.getValue() == event).map(Map.Entry::getKey).findFirst().orElse(null);
        }
    }
}
