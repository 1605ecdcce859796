package dev.quipu.registry.br;

import dev.quipu.registry.load.BulkDataset;
import dev.quipu.registry.load.CutOff;
import dev.quipu.registry.load.RowSink;
import dev.quipu.registry.store.LoadRecord;
import dev.quipu.registry.store.StoredRow;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/** The bundled real files read by the datasets' own readers, kept in memory as the store would keep them (no database). */
final class BundledRows {

    /** What a reader handed its sink. */
    record Read(List<Map.Entry<String, Map<String, String>>> accepted, Map<String, Integer> skipped, CutOff cutOff) {
        int rows() {
            return accepted.size();
        }
    }

    private BundledRows() {
    }

    static InputStream open(String resource) throws IOException {
        InputStream in = BundledRows.class.getClassLoader().getResourceAsStream(resource);
        if (in == null) {
            throw new IOException("no resource " + resource);
        }
        return resource.endsWith(".gz") ? new GZIPInputStream(in) : in;
    }

    static Read read(BulkDataset dataset, String resource) {
        List<Map.Entry<String, Map<String, String>>> accepted = new ArrayList<>();
        Map<String, Integer> skipped = new LinkedHashMap<>();
        try (InputStream in = open(resource)) {
            CutOff c = dataset.reader().read(in, new RowSink() {
                @Override
                public void accept(String key, Map<String, String> fields) {
                    accepted.add(Map.entry(key, Map.copyOf(fields)));
                }

                @Override
                public void skip(String reason) {
                    skipped.merge(reason, 1, Integer::sum);
                }
            });
            return new Read(accepted, skipped, c);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every bundled sample of the registry as stored rows of complete bundled loads, cut-offs as the loader sets them. */
    static List<StoredRow> all(BrazilRegistry registry) {
        List<StoredRow> rows = new ArrayList<>();
        long id = 1;
        for (var sample : registry.bundled()) {
            BulkDataset dataset = registry.datasets().stream().filter(d -> d.id().equals(sample.dataset())).findFirst()
                    .orElseThrow();
            Read read = read(dataset, sample.resource());
            CutOff cut = read.cutOff().or(sample.declared());
            LoadRecord load = new LoadRecord(id++, "BR", dataset.id(), sample.sourceUrl(), LoadRecord.BUNDLED,
                    "sha-of-" + sample.resource(), cut.date(), cut.basis(), LoadRecord.COMPLETE, read.rows(), read.rows(),
                    0, Instant.parse("2026-11-01T00:00:00Z"), Instant.parse("2026-11-01T00:01:00Z"), null);
            read.accepted().forEach(e -> rows.add(new StoredRow(load, e.getKey(), e.getValue())));
        }
        return rows;
    }
}
