package dev.quipu.rates;

import dev.quipu.rates.sources.BundledRecordings;
import dev.quipu.rates.sources.DolarApiSource;
import dev.quipu.rates.sources.Observation;
import dev.quipu.rates.sources.RateSource;
import io.micronaut.json.JsonMapper;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The recordings shipped in src/main/resources/snapshots: listed, unchanged, documented and readable. */
class BundledSnapshotsTest {

    static final Path ROOT = Path.of("src/main/resources/snapshots");
    static final JsonMapper JSON = JsonMapper.createDefault();
    static final BundledRecordings BUNDLE = new BundledRecordings("snapshots", JSON);

    @Test
    void everyBundledFileIsListedWithItsSha256AndDocumentedInTheReadme() throws IOException {
        Map<String, String> listed = Files.readAllLines(ROOT.resolve("SHA256SUMS")).stream()
                .filter(l -> !l.isBlank() && !l.startsWith("#")).map(l -> l.split("\\s+", 2))
                .collect(Collectors.toMap(p -> p[1], p -> p[0]));
        String readme = Files.readString(ROOT.resolve("README.md"));
        List<Path> files;
        try (Stream<Path> walk = Files.walk(ROOT)) {
            files = walk.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().matches("README.md|SHA256SUMS"))
                    .toList();
        }
        assertEquals(listed.size(), files.size(), "every file listed, nothing listed that is missing");
        for (Path file : files) {
            String name = ROOT.relativize(file).toString().replace('\\', '/');
            String sha = sha256(Files.readAllBytes(file));
            assertEquals(listed.get(name), sha, name + " changed or is not listed");
            assertTrue(readme.contains(name) && readme.contains(sha), "the README documents " + name);
        }
    }

    @Test
    void everySourceWithARecordingReadsItWithThePublishersOwnDates() {
        RatesConfig config = new RatesConfig();
        for (RateSource source : RatesFactory.sources(config, JSON)) {
            if (!BUNDLE.has(source.id())) {
                continue;
            }
            List<Observation> obs = BUNDLE.replay(source, Instant.parse("2030-01-01T00:00:00Z"));
            assertFalse(obs.isEmpty(), source.id());
            assertTrue(obs.stream().allMatch(o -> o.asOf().isBefore(LocalDate.of(2027, 1, 1))), source.id() + ": never the load time");
        }
    }

    @Test
    void severalRecordingsOfOneRequestEachKeepTheirOwnDate() {
        var blue = new DolarApiSource(JSON, "https://dolarapi.com", "blue", "usd_ars_blue");
        Map<LocalDate, Observation> byDate = BUNDLE.replay(blue, Instant.now()).stream()
                .collect(Collectors.toMap(Observation::asOf, Function.identity()));

        assertEquals(List.of(14, 15, 16, 17, 18, 22), byDate.keySet().stream().sorted().map(LocalDate::getDayOfMonth).toList());
        assertEquals("1555", byDate.get(LocalDate.of(2026, 8, 18)).value().toPlainString());
        assertEquals("dolarapi-blue/blue/ar-v1-dolares-blue-2026-08-18-eod.json", byDate.get(LocalDate.of(2026, 8, 18)).recording());
        assertEquals("1550", byDate.get(LocalDate.of(2026, 8, 22)).value().toPlainString());
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
