package dev.quipu.sanctions.refresh;

import dev.quipu.sanctions.lists.ListId;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class RefreshSettingsTest {

    @Test
    void sourcesAreFileEqualsUrlPairsAndAnEmptyValueLeavesTheListBundled() {
        RefreshSettings s = new RefreshSettings(true, Duration.ZERO, Duration.ofHours(4), Duration.ofMinutes(1), Duration.ofSeconds(10),
                Duration.ofSeconds(60), 0.2,
                "sdn.csv=https://h/SDN.CSV, alt.csv=https://h/ALT.CSV", "", "consolidated.xml=https://un/c.xml",
                "eu.xml=https://eu/content?token=dG9rZW4tMjAxNw", "");
        Map<ListId, Map<String, String>> sources = s.sources();
        assertEquals(List.of(ListId.OFAC_SDN, ListId.UN, ListId.EU), List.copyOf(sources.keySet()));
        assertEquals(Map.of("sdn.csv", "https://h/SDN.CSV", "alt.csv", "https://h/ALT.CSV"), sources.get(ListId.OFAC_SDN));
        assertEquals("https://eu/content?token=dG9rZW4tMjAxNw", sources.get(ListId.EU).get("eu.xml"));
    }

    @Test
    void aSourceWithoutAFileNameIsAConfigurationError() {
        assertThrows(IllegalArgumentException.class, () -> RefreshSettings.parse("https://h/SDN.CSV"));
    }

    @Test
    void aFailedFetchIsRetriedAfterOneTwoFourMinutesAndNeverLaterThanTheInterval() {
        RefreshSettings s = new RefreshSettings(true, Duration.ZERO, Duration.ofHours(4), Duration.ofMinutes(1),
                Duration.ofSeconds(10), Duration.ofSeconds(120), 0.2, "", "", "", "", "");
        assertEquals(Duration.ofMinutes(1), s.retryDelay(1));
        assertEquals(Duration.ofMinutes(2), s.retryDelay(2));
        assertEquals(Duration.ofMinutes(4), s.retryDelay(3));
        assertEquals(Duration.ofHours(4), s.retryDelay(9));
        assertEquals(Duration.ofHours(4), s.retryDelay(500));
    }
}
