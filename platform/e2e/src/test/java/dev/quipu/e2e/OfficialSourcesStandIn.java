package dev.quipu.e2e;

import com.sun.net.httpserver.HttpServer;
import dev.quipu.testkit.UnListPublications;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Stands in for the publishers' official URLs while the e2e suite runs live by default, as a user's
 * {@code ./quipu up} does: the UN's address answers with the UN's next publication (the bundled real
 * list with one designation removed, Eric Badege, DATAID 6907993, dated an hour ago, as the file
 * after a delisting would be); every other publisher is a closed port on loopback, as on a machine
 * without network. So the suite shows both at once: a list swapped in live, the others on their
 * bundled snapshots with the error and the next attempt on {@code /health}.
 */
final class OfficialSourcesStandIn implements AutoCloseable {

    static final String DELISTED = "6907993";
    /** Nothing listens on port 1: refused at once, as DNS fails at once without network. */
    static final String UNREACHABLE = "http://127.0.0.1:1";

    private final HttpServer server;
    private final Instant unPublished = Instant.now().minus(1, ChronoUnit.HOURS).truncatedTo(ChronoUnit.MILLIS);

    OfficialSourcesStandIn(Path repoRoot) {
        byte[] un = nextUnPublication(repoRoot.resolve("sanctions-service/src/main/resources/lists/un/UN_consolidated.xml"));
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/resources/xml/en/consolidated.xml", exchange -> {
            exchange.sendResponseHeaders(200, un.length);
            exchange.getResponseBody().write(un);
            exchange.close();
        });
        server.start();
    }

    Instant unPublished() {
        return unPublished;
    }

    /** The sanctions-service environment that points every list at its stand-in. */
    Map<String, String> sanctionsEnvironment() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("QUIPU_LISTS_UN", "consolidated.xml=http://127.0.0.1:" + server.getAddress().getPort()
                + "/resources/xml/en/consolidated.xml");
        env.put("QUIPU_LISTS_OFAC_SDN", "sdn_advanced.xml=" + UNREACHABLE + "/api/PublicationPreview/exports/SDN_ADVANCED.XML");
        env.put("QUIPU_LISTS_OFAC_CONS", "consolidated.xml=" + UNREACHABLE + "/api/PublicationPreview/exports/CONSOLIDATED.XML");
        env.put("QUIPU_LISTS_EU", "eu.xml=" + UNREACHABLE + "/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content");
        env.put("QUIPU_LISTS_UK", "uk.xml=" + UNREACHABLE + "/docs/UK-Sanctions-List.xml");
        return env;
    }

    /**
     * The registry-service environment: its live sources (RUES on datos.gov.co, the CNPJ mirror) are
     * unreachable, so answers come from the bundled official files; no scheduled downloads.
     */
    Map<String, String> registryEnvironment() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("QUIPU_REGISTRY_CO_RUES_URL", UNREACHABLE + "/resource/c82u-588k.json");
        env.put("QUIPU_REGISTRY_BR_MIRROR_URL", UNREACHABLE + "/");
        env.put("QUIPU_REGISTRY_REFRESH", "false");
        return env;
    }

    private byte[] nextUnPublication(Path bundled) {
        try {
            return UnListPublications.afterDelisting(Files.readAllBytes(bundled), DELISTED, unPublished);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
