package dev.quipu.registry.load;

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

/** A bundled file read by its dataset's reader into rows as the store would hold them, without a database. */
public final class BundledRows implements RowSink {

    public final List<StoredRow> rows = new ArrayList<>();
    public final Map<String, Integer> skipped = new LinkedHashMap<>();
    public final LoadRecord load;
    public final CutOff cutOff;
    private final List<Object[]> accepted = new ArrayList<>();

    private BundledRows(BulkDataset dataset, String resource, long loadId, CutOff declared) {
        try (InputStream in = open(resource)) {
            cutOff = dataset.reader().read(in, this).or(declared);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        load = new LoadRecord(loadId, dataset.country(), dataset.id(), "https://example.invalid/" + resource,
                LoadRecord.BUNDLED, "sha-" + loadId, cutOff.date(), cutOff.basis(), LoadRecord.COMPLETE, accepted.size(),
                accepted.size(), skipped.values().stream().mapToInt(Integer::intValue).sum(), Instant.parse("2026-01-01T00:00:00Z"),
                Instant.parse("2026-01-01T00:01:00Z"), null);
        for (Object[] a : accepted) {
            @SuppressWarnings("unchecked") Map<String, String> fields = (Map<String, String>) a[1];
            rows.add(new StoredRow(load, (String) a[0], fields));
        }
    }

    public static BundledRows read(BulkDataset dataset, String resource, long loadId) {
        return new BundledRows(dataset, resource, loadId, CutOff.unknown());
    }

    /** As a load with a cut-off declared from outside the file (the operator's, for the padrón reducido). */
    public static BundledRows read(BulkDataset dataset, String resource, long loadId, CutOff declared) {
        return new BundledRows(dataset, resource, loadId, declared);
    }

    public static InputStream open(String resource) throws IOException {
        InputStream in = BundledRows.class.getClassLoader().getResourceAsStream(resource);
        if (in == null) {
            throw new IOException("no resource " + resource);
        }
        return resource.endsWith(".gz") ? new GZIPInputStream(in) : in;
    }

    @Override
    public void accept(String key, Map<String, String> fields) {
        accepted.add(new Object[]{key, java.util.Collections.unmodifiableMap(new LinkedHashMap<>(fields))});
    }

    @Override
    public void skip(String reason) {
        skipped.merge(reason, 1, Integer::sum);
    }

    public List<StoredRow> of(String key) {
        return rows.stream().filter(r -> r.key().equals(key)).toList();
    }

    public int accepted() {
        return rows.size();
    }
}
