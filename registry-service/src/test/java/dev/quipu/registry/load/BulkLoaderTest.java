package dev.quipu.registry.load;

import com.sun.net.httpserver.HttpServer;
import dev.quipu.registry.store.LoadLedger;
import dev.quipu.registry.store.LoadRecord;
import dev.quipu.registry.store.LoadedLoads;
import dev.quipu.registry.store.RowStore;
import dev.quipu.registry.store.StoredRow;
import dev.quipu.testkit.SuiteResources;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The loader on the real database with SUNAT's real Agentes de Retención file (5,778 records, CR line
 * ends, Latin-1): from disk and through a local HTTP server, idempotent, resumable, one loader per file,
 * the newest edition winning.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BulkLoaderTest implements TestPropertyProvider {

    private static final int RECORDS = 5_778;

    @Inject
    BulkLoader loader;
    @Inject
    Downloads downloads;
    @Inject
    LoadLedger ledger;
    @Inject
    RowStore rows;
    @Inject
    LoadedLoads loads;

    @Override
    public Map<String, String> getProperties() {
        Map<String, String> p = new HashMap<>(SuiteResources.forService("quipu_registry"));
        p.put("quipu.registry.bundled.enabled", "false");
        p.put("quipu.registry.loads.batch-size", "1000");
        return p;
    }

    @Test
    void loadsEveryRecordOfTheRealFileFromDiskWithItsChecksumAndTheDeclaredCutOff() throws IOException {
        SunatPipeList dataset = dataset();
        Path file = copyToDisk();
        LoadInput input = downloads.file(file).withDeclared(new CutOff(LocalDate.parse("2023-10-01"), "newest A partir del"));

        BulkLoader.Outcome outcome = loader.load(dataset, input);

        LoadRecord load = outcome.load();
        assertEquals("loaded", outcome.result());
        assertEquals(RECORDS, load.rowsLoaded());
        assertEquals(0, load.rowsSkipped());
        assertEquals(sha256(file), load.sha256());
        assertEquals(file.toUri().toString(), load.sourceUrl());
        assertEquals(LocalDate.parse("2023-10-01"), load.cutOff());
        assertEquals("SUPERINTENDENCIA NACIONAL DE ADUANAS Y DE ADMINISTRACION TRIBUTARIA - SUNAT",
                only(dataset, "20131312955").fields().get("Nombre/Razon"));
    }

    @Test
    void theSameFileLoadedAgainIsRecognisedAndNotDuplicated() throws IOException {
        SunatPipeList dataset = dataset();
        Path file = copyToDisk();
        loader.load(dataset, downloads.file(file));

        BulkLoader.Outcome again = loader.load(dataset, downloads.file(file));

        assertEquals("already_loaded", again.result());
        assertEquals(RECORDS, rowsOf(dataset).size());
    }

    @Test
    void anInterruptedLoadResumesAfterItsLastCommittedBatch() throws IOException {
        SunatPipeList dataset = dataset();
        byte[] bytes = SunatPipeList.open().readAllBytes();
        String sha = HexFormat.of().formatHex(sha256Of(bytes));
        LoadInput breaking = new LoadInput("test:agenret", LoadRecord.FILE, "AgenRet_TXT.txt", sha,
                () -> new BreakingStream(new ByteArrayInputStream(bytes), bytes.length / 2), CutOff.unknown(), null);

        assertThrows(LoadException.class, () -> loader.load(dataset, breaking));
        LoadRecord failed = ledger.find(dataset.id(), sha).orElseThrow();
        assertEquals(LoadRecord.FAILED, failed.state());
        assertTrue(failed.position() > 0 && failed.position() < RECORDS, "committed part of the file: " + failed.position());
        assertEquals(0, failed.position() % 1000, "whole batches only");

        LoadInput whole = new LoadInput("test:agenret", LoadRecord.FILE, "AgenRet_TXT.txt", sha,
                () -> new ByteArrayInputStream(bytes), CutOff.unknown(), null);
        BulkLoader.Outcome resumed = loader.load(dataset, whole);

        assertEquals("loaded", resumed.result());
        assertEquals(failed.id(), resumed.load().id());
        assertEquals(RECORDS, resumed.load().rowsLoaded());
        assertEquals(RECORDS, rowsOf(dataset).size(), "no record twice, none lost");
    }

    @Test
    void aFileServedOverHttpIsDownloadedHashedAndLoadedWithItsLastModifiedAsCutOff() throws Exception {
        SunatPipeList dataset = dataset();
        byte[] bytes = SunatPipeList.open().readAllBytes();
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/descarga/AgentRet/AgenRet_TXT.txt", exchange -> {
            exchange.getResponseHeaders().add("Last-Modified", "Wed, 04 Oct 2023 10:00:00 GMT");
            exchange.sendResponseHeaders(200, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        server.start();
        try {
            URI url = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/descarga/AgentRet/AgenRet_TXT.txt");
            LoadInput input = downloads.url(url);

            BulkLoader.Outcome outcome = loader.load(dataset, input);

            assertEquals(RECORDS, outcome.load().rowsLoaded());
            assertEquals(url.toString(), outcome.load().sourceUrl());
            assertEquals(LoadRecord.URL, outcome.load().origin());
            assertEquals(HexFormat.of().formatHex(sha256Of(bytes)), outcome.load().sha256());
            assertEquals(LocalDate.parse("2023-10-04"), outcome.load().cutOff());
            assertEquals("HTTP Last-Modified of the download", outcome.load().cutOffBasis());
        } finally {
            server.stop(0);
        }
    }

    @Test
    void aDownloadThatFailsIsAnErrorNamingTheUrl() {
        URI url = URI.create("http://127.0.0.1:1/padron_reducido_ruc.zip");

        LoadException e = assertThrows(LoadException.class, () -> downloads.url(url));

        assertTrue(e.getMessage().contains(url.toString()), e.getMessage());
    }

    @Test
    void aNewerEditionReplacesTheOlderAndAnOlderOneLoadedLaterDoesNot() throws IOException {
        SunatPipeList dataset = dataset();
        byte[] full = SunatPipeList.open().readAllBytes();
        byte[] head = firstLines(full, 101);
        LoadRecord older = loader.load(dataset, bytes("head", head, "2023-01-01")).load();
        LoadRecord newer = loader.load(dataset, bytes("full", full, "2023-10-01")).load();

        assertEquals(LoadRecord.SUPERSEDED, ledger.find(older.id()).orElseThrow().state());
        assertEquals(RECORDS, rowsOf(dataset).size(), "only the newer edition's rows");

        byte[] oldest = firstLines(full, 51);
        LoadRecord late = loader.load(dataset, bytes("oldest", oldest, "2022-01-01")).load();

        assertEquals(LoadRecord.SUPERSEDED, ledger.find(late.id()).orElseThrow().state());
        assertEquals(LoadRecord.COMPLETE, ledger.find(newer.id()).orElseThrow().state());
        assertEquals(RECORDS, rowsOf(dataset).size());
    }

    @Test
    void concurrentLoadsOfTheSameFileLoadItOnce() throws Exception {
        SunatPipeList dataset = dataset();
        Path file = copyToDisk();
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            List<Future<BulkLoader.Outcome>> outcomes = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                Callable<BulkLoader.Outcome> load = () -> loader.load(dataset, downloads.file(file));
                outcomes.add(pool.submit(load));
            }
            long loaded = 0;
            for (Future<BulkLoader.Outcome> f : outcomes) {
                loaded += f.get().result().equals("loaded") ? 1 : 0;
            }
            assertEquals(1, loaded);
            assertEquals(RECORDS, rowsOf(dataset).size());
        } finally {
            pool.shutdownNow();
        }
    }

    private static SunatPipeList dataset() {
        return new SunatPipeList("test.agenret." + UUID.randomUUID().toString().substring(0, 8));
    }

    private List<StoredRow> rowsOf(SunatPipeList dataset) {
        loads.refresh();
        List<String> keys = new ArrayList<>();
        try (InputStream in = SunatPipeList.open()) {
            for (String line : new String(in.readAllBytes(), java.nio.charset.StandardCharsets.ISO_8859_1).split("\r")) {
                if (line.matches("\\d{11}\\|.*")) {
                    keys.add(line.substring(0, 11));
                }
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return rows.find("PE", keys, loads.byId()).stream().filter(r -> r.dataset().equals(dataset.id())).toList();
    }

    private StoredRow only(SunatPipeList dataset, String ruc) {
        loads.refresh();
        List<StoredRow> found = rows.find("PE", List.of(ruc), loads.byId()).stream()
                .filter(r -> r.dataset().equals(dataset.id())).toList();
        assertEquals(1, found.size());
        return found.get(0);
    }

    private static LoadInput bytes(String name, byte[] b, String cutOff) {
        return new LoadInput("test:" + name, LoadRecord.FILE, "AgenRet_TXT.txt", HexFormat.of().formatHex(sha256Of(b)),
                () -> new ByteArrayInputStream(b), new CutOff(LocalDate.parse(cutOff), "declared by the test"), null);
    }

    private static byte[] firstLines(byte[] file, int lines) {
        int seen = 0;
        for (int i = 0; i < file.length; i++) {
            if (file[i] == '\r' && ++seen == lines) {
                return java.util.Arrays.copyOf(file, i + 1);
            }
        }
        return file;
    }

    private static Path copyToDisk() throws IOException {
        Path file = Files.createTempDirectory("agenret").resolve("AgenRet_TXT.txt");
        try (InputStream in = SunatPipeList.open()) {
            Files.copy(in, file);
        }
        return file;
    }

    private static String sha256(Path file) throws IOException {
        return HexFormat.of().formatHex(sha256Of(Files.readAllBytes(file)));
    }

    private static byte[] sha256Of(byte[] b) {
        try {
            return java.security.MessageDigest.getInstance("SHA-256").digest(b);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A stream that fails after {@code limit} bytes, as a dropped connection or a full disk would. */
    private static final class BreakingStream extends FilterInputStream {
        private long left;

        BreakingStream(InputStream in, long limit) {
            super(in);
            this.left = limit;
        }

        @Override
        public int read() throws IOException {
            if (left-- <= 0) {
                throw new IOException("connection reset");
            }
            return super.read();
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (left <= 0) {
                throw new IOException("connection reset");
            }
            int n = super.read(b, off, (int) Math.min(len, left));
            left -= Math.max(n, 0);
            return n;
        }
    }
}
