package dev.quipu.sanctions.freshness;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.quipu.sanctions.lists.ListId;
import dev.quipu.sanctions.refresh.RefreshSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ListSourcesTest {

    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
    private final Logger logger = (Logger) LoggerFactory.getLogger(ListSources.class);
    private final Instant t0 = Instant.parse("2026-11-24T10:00:00Z");

    private static ListSources sources(boolean enabled) {
        return new ListSources(new RefreshSettings(enabled, Duration.ZERO, Duration.ofHours(4), Duration.ofMinutes(1),
                Duration.ofSeconds(10), Duration.ofSeconds(120), 0.2, "sdn_advanced.xml=https://o/SDN_ADVANCED.XML", "",
                "consolidated.xml=https://un/c.xml", "", ""));
    }

    @BeforeEach
    void capture() {
        logged.start();
        logger.addAppender(logged);
        logger.setLevel(Level.DEBUG);
    }

    @AfterEach
    void release() {
        logger.detachAppender(logged);
        logger.setLevel(null);
    }

    private List<ILoggingEvent> at(Level level) {
        return logged.list.stream().filter(e -> e.getLevel() == level).toList();
    }

    @Test
    void aListNeverFetchedServesItsSnapshot() {
        ListSourceStatus s = sources(true).status(ListId.OFAC_SDN);
        assertEquals(SourceMode.SNAPSHOT, s.mode());
        assertTrue(s.fetching());
        assertNull(s.lastSuccess());
    }

    @Test
    void aListWithoutSourcesOrWithFetchingOffIsNotFetched() {
        assertFalse(sources(true).status(ListId.EU).fetching());
        assertFalse(sources(false).status(ListId.OFAC_SDN).fetching());
    }

    @Test
    void aSuccessIsLiveAndAFailureAfterItIsStale() {
        ListSources sources = sources(true);
        sources.succeeded(ListId.UN, t0, t0.plus(Duration.ofHours(4)));
        assertEquals(SourceMode.LIVE, sources.status(ListId.UN).mode());
        sources.failed(ListId.UN, t0.plus(Duration.ofHours(4)), "HTTP 503", t0.plus(Duration.ofHours(4).plusMinutes(1)));
        assertEquals(SourceMode.STALE, sources.status(ListId.UN).mode());
        sources.succeeded(ListId.UN, t0.plus(Duration.ofHours(5)), t0.plus(Duration.ofHours(9)));
        assertEquals(SourceMode.LIVE, sources.status(ListId.UN).mode());
        assertNull(sources.status(ListId.UN).lastError());
    }

    @Test
    void anOutageIsWarnedOnceAndItsRecoveryToldOnce() {
        ListSources sources = sources(true);
        for (int i = 0; i < 5; i++) {
            sources.failed(ListId.OFAC_SDN, t0.plusSeconds(60L * i), "java.net.ConnectException", t0.plusSeconds(60L * (i + 1)));
        }
        sources.succeeded(ListId.OFAC_SDN, t0.plusSeconds(600), t0.plusSeconds(600 + 4 * 3600));
        assertEquals(1, at(Level.WARN).size(), "one warning for the whole outage");
        assertEquals(4, at(Level.DEBUG).size());
        assertEquals(1, at(Level.INFO).size());
        assertTrue(at(Level.INFO).get(0).getFormattedMessage().contains("5 failed attempt"));
    }
}
