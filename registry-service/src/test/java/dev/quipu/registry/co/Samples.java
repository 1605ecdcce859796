package dev.quipu.registry.co;

import dev.quipu.registry.load.BulkDataset;
import dev.quipu.registry.load.CutOff;
import dev.quipu.registry.store.LoadRecord;
import dev.quipu.registry.store.StoredRow;
import dev.quipu.registry.taxid.TaxIdCheck;
import dev.quipu.registry.taxid.TaxIdType;
import dev.quipu.registry.taxid.TaxIds;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/** The real bundled files and the constructed test files read as the store would hold them, without a database. */
final class Samples {

    static final String XLSX_2025 = "registry/co/supersociedades/Base_10000_empresas_2026.xlsx";
    static final String CSV_2018 = "registry/co/supersociedades/1000_Empresas_mas_grandes_del_pa_s.csv";
    private static final AtomicLong LOAD_IDS = new AtomicLong(1);

    private Samples() {
    }

    static InputStream open(String resource) {
        InputStream in = Samples.class.getClassLoader().getResourceAsStream(resource);
        if (in == null) {
            throw new IllegalStateException("no resource " + resource);
        }
        return in;
    }

    static RecordingSink read(BulkDataset dataset, String resource, CutOff[] cutOff) {
        RecordingSink sink = new RecordingSink();
        try (InputStream in = open(resource)) {
            CutOff c = dataset.reader().read(in, sink);
            if (cutOff != null) {
                cutOff[0] = c;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sink;
    }

    /** A complete load of the file as the loader would record it, and its rows under {@code key}. */
    static List<StoredRow> stored(BulkDataset dataset, String resource, String origin, String key) {
        CutOff[] cutOff = new CutOff[1];
        RecordingSink sink = read(dataset, resource, cutOff);
        LoadRecord load = load(dataset, resource, origin, cutOff[0]);
        return sink.rows.stream().filter(r -> r.key().equals(key)).map(r -> new StoredRow(load, r.key(), r.fields())).toList();
    }

    static LoadRecord load(BulkDataset dataset, String sourceUrl, String origin, CutOff cutOff) {
        Instant at = Instant.parse("2026-11-20T10:00:00Z");
        return new LoadRecord(LOAD_IDS.getAndIncrement(), "CO", dataset.id(), sourceUrl, origin, "0".repeat(64),
                cutOff.date(), cutOff.basis(), LoadRecord.COMPLETE, 1, 1, 0, at, at, null);
    }

    static TaxIdCheck nit(String text) {
        return new TaxIds().check(TaxIdType.NIT, text);
    }
}
