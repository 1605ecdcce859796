package dev.quipu.sanctions.lists;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The real list snapshots shipped inside the service (src/main/resources/lists, provenance in its
 * README.md): the embedded default when no refresh is configured, and the fallback when a
 * download fails at startup. Publication dates are the ones the files state (the OFAC CSVs, which
 * state none, get the date recorded in the provenance).
 */
public final class BundledLists {

    public static final String OFAC_SDN_URL = "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/";
    public static final String UN_URL = "https://scsanctions.un.org/resources/xml/en/consolidated.xml";
    public static final String EU_URL = "https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content?token=dG9rZW4tMjAxNw";
    public static final String UK_URL = "https://sanctionslist.fcdo.gov.uk/docs/UK-Sanctions-List.xml";

    private static final Logger LOG = LoggerFactory.getLogger(BundledLists.class);

    private final ListReader reader = new ListReader();

    /** The five lists, parsed in parallel (startup time; each parse is independent), in list order. */
    public List<ListSnapshot> load() {
        Instant now = Instant.now();
        List<java.util.function.Supplier<ListSnapshot>> lists = List.of(
                () -> reader.read(ListId.OFAC_SDN, files("ofac-sdn/", "sdn_advanced.xml.bz2"),
                        "bundled:lists/ofac-sdn (" + OFAC_SDN_URL + "SDN_ADVANCED.XML)", null, now,
                        "SDN Advanced XML of 2025-11-19 (DateOfIssue), bzip2-compressed; sha256 is that of the XML, "
                                + "equal to OFAC's sdn_advanced_checksum"),
                () -> reader.read(ListId.OFAC_CONS, files("ofac-cons/", "consolidated.xml"),
                        "bundled:lists/ofac-cons (" + OFAC_SDN_URL + "CONSOLIDATED.XML)", null, now,
                        "non-SDN consolidated list (classic XML), Publish_Date 01/08/2026"),
                () -> reader.read(ListId.UN, Map.of("consolidated.xml", bytes("un/UN_consolidated.xml")),
                        "bundled:lists/un (" + UN_URL + ")", null, now, "full UN list"),
                () -> reader.read(ListId.EU, Map.of("eu.xml", bytes("eu/sample_eu_fsf.xml")), "bundled:lists/eu (" + EU_URL + ")",
                        null, now, "FRAGMENT: 5 real entities of the EU FSF; configure the refresh for the full list", true),
                () -> {
                    // the FCDO export keeps its published file name in the bundle; ListReader knows it as uk.ods
                    Map<String, byte[]> uk = new LinkedHashMap<>();
                    uk.put("uk.ods", bytes("uk/FCDO_SL_Wed_Nov_19_2025.ods"));
                    uk.put("ConList.xlsx", bytes("uk/ConList.xlsx"));
                    return reader.read(ListId.UK, uk, "bundled:lists/uk (" + UK_URL + ")", Instant.parse("2025-11-19T00:00:00Z"),
                            now, "FCDO UK Sanctions List of 2025-11-19 (ODS summary export, the list of record) joined with OFSI's "
                                    + "Consolidated List of 2025-04-14 (XLSX; OFSI retired that list on 2026-01-28)");
                });
        List<java.util.concurrent.CompletableFuture<ListSnapshot>> running = lists.stream()
                .map(read -> java.util.concurrent.CompletableFuture.supplyAsync(timed(read))).toList();
        List<ListSnapshot> out = new ArrayList<>();
        for (var f : running) {
            try {
                out.add(f.join());
            } catch (java.util.concurrent.CompletionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : e;
            }
        }
        return out;
    }

    /** Each list's own parse time, for the startup log (the lists are read side by side on the machine's cores). */
    private static java.util.function.Supplier<ListSnapshot> timed(java.util.function.Supplier<ListSnapshot> read) {
        return () -> {
            long start = System.nanoTime();
            ListSnapshot s = read.get();
            LOG.info("bundled {} parsed in {} ms: {} entities, {} names, published {}", s.version().list(),
                    (System.nanoTime() - start) / 1_000_000, s.version().entityCount(), s.version().nameCount(),
                    s.version().publishedAt());
            return s;
        };
    }

    private Map<String, byte[]> files(String dir, String... names) {
        Map<String, byte[]> m = new LinkedHashMap<>();
        for (String n : names) {
            m.put(n, bytes(dir + n));
        }
        return m;
    }

    static byte[] bytes(String path) {
        try (InputStream in = BundledLists.class.getResourceAsStream("/lists/" + path)) {
            if (in == null) {
                throw new IllegalStateException("bundled list file missing: lists/" + path);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
