package dev.quipu.registry.load;

import com.sun.net.httpserver.HttpServer;
import dev.quipu.registry.lookup.BundledSample;
import dev.quipu.registry.lookup.CountryRegistry;
import dev.quipu.testkit.SuiteResources;
import io.micronaut.jdbc.DataSourceResolver;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import javax.sql.DataSource;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every country's bulk loader, on every real file bundled: loaded through a local HTTP server (as from
 * the publisher's URL) and from disk (as an operator's file), with the same records both ways, into a
 * database of its own.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EveryDatasetLoadsTest implements TestPropertyProvider {

    @Inject
    List<CountryRegistry> registries;
    @Inject
    BulkLoader loader;
    @Inject
    Downloads downloads;
    @Inject
    DataSource dataSource;
    @Inject
    DataSourceResolver resolver;

    private HttpServer publisher;

    @Override
    public Map<String, String> getProperties() {
        Map<String, String> p = new HashMap<>(SuiteResources.forService("quipu_registry_every_dataset"));
        p.put("quipu.registry.bundled.enabled", "false");
        return p;
    }

    @BeforeAll
    void servePublisher() throws IOException {
        publisher = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        publisher.createContext("/", exchange -> {
            String resource = exchange.getRequestURI().getPath().substring(1);
            try (InputStream in = getClass().getClassLoader().getResourceAsStream(resource)) {
                if (in == null) {
                    exchange.sendResponseHeaders(404, -1);
                } else {
                    byte[] bytes = in.readAllBytes();
                    exchange.sendResponseHeaders(200, bytes.length);
                    exchange.getResponseBody().write(bytes);
                }
            }
            exchange.close();
        });
        publisher.start();
    }

    @AfterAll
    void stopPublisher() {
        publisher.stop(0);
    }

    @Test
    void everyBundledFileLoadsOverHttpAndFromDiskWithTheSameRecords() throws Exception {
        List<String> checked = new ArrayList<>();
        for (CountryRegistry registry : registries) {
            Map<String, BulkDataset> datasets = registry.datasets().stream()
                    .collect(Collectors.toMap(BulkDataset::id, Function.identity()));
            for (BundledSample sample : registry.bundled()) {
                BulkDataset dataset = datasets.get(sample.dataset());
                URI url = URI.create("http://127.0.0.1:" + publisher.getAddress().getPort() + "/" + sample.resource());
                BulkLoader.Outcome overHttp = loader.load(dataset, downloads.url(url).withDeclared(sample.declared()));
                assertEquals("loaded", overHttp.result(), sample.resource());
                assertTrue(overHttp.load().rowsLoaded() > 0, sample.resource() + " has records");
                assertEquals(url.toString(), overHttp.load().sourceUrl());
                forget(overHttp.load().id());

                BulkLoader.Outcome fromDisk = loader.load(dataset, downloads.file(copyToDisk(sample)).withDeclared(sample.declared()));
                assertEquals("loaded", fromDisk.result(), sample.resource());
                assertEquals(overHttp.load().rowsLoaded(), fromDisk.load().rowsLoaded(), sample.resource());
                assertEquals(overHttp.load().rowsSkipped(), fromDisk.load().rowsSkipped(), sample.resource());
                assertEquals(overHttp.load().sha256(), fromDisk.load().sha256(), sample.resource());
                assertEquals(overHttp.load().cutOff(), fromDisk.load().cutOff(), sample.resource());
                checked.add(sample.resource());
            }
        }
        assertFalse(checked.isEmpty());
        for (String country : List.of("CO", "BR", "MX", "CL", "PE")) {
            assertTrue(checked.stream().anyMatch(r -> r.startsWith("registry/" + country.toLowerCase() + "/")), country + ": " + checked);
        }
    }

    /** Drops a load and its rows, so that the same bytes load again by the other path. */
    private void forget(long loadId) throws SQLException {
        try (Connection c = resolver.resolve(dataSource).getConnection();
             PreparedStatement rows = c.prepareStatement("DELETE FROM registry_rows WHERE load_id = ?");
             PreparedStatement load = c.prepareStatement("DELETE FROM registry_loads WHERE id = ?")) {
            rows.setLong(1, loadId);
            rows.executeUpdate();
            load.setLong(1, loadId);
            load.executeUpdate();
        }
    }

    private Path copyToDisk(BundledSample sample) throws IOException {
        Path file = Files.createTempDirectory("registry-sample").resolve(sample.resource().substring(sample.resource().lastIndexOf('/') + 1));
        try (InputStream in = getClass().getClassLoader().getResourceAsStream(sample.resource())) {
            Files.copy(in, file);
        }
        return file;
    }
}
