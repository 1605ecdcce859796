package dev.quipu.registry.lookup;

import dev.quipu.registry.company.SourceRef;
import dev.quipu.registry.load.BulkDataset;
import dev.quipu.registry.store.LoadRecord;
import dev.quipu.registry.store.StoredRow;

/** {@code sources[]} entries for stored rows and live answers. */
public final class SourceRefs {

    private SourceRefs() {
    }

    /**
     * A bulk dataset's entry: {@code snapshot} for a bundled sample, {@code bulk} for a file the operator
     * or the schedule loaded; retrieved = when the load finished.
     */
    public static SourceRef of(BulkDataset dataset, LoadRecord load) {
        String mode = LoadRecord.BUNDLED.equals(load.origin()) ? "snapshot" : "bulk";
        return new SourceRef(dataset.id(), dataset.title(), dataset.publisher(), load.sourceUrl(), load.cutOff(),
                load.cutOffBasis(), load.finishedAt() == null ? load.startedAt() : load.finishedAt(), mode, true, load.sha256());
    }

    public static SourceRef of(BulkDataset dataset, StoredRow row) {
        return of(dataset, row.load());
    }

    /** A live source's entry: the data is as of the moment it was fetched. */
    public static SourceRef of(LiveResult live) {
        LiveSource s = live.source();
        return new SourceRef(s.id(), s.title(), s.publisher(), s.publicUrl(),
                live.fetchedAt().atZone(java.time.ZoneOffset.UTC).toLocalDate(), "fetched from the source",
                live.fetchedAt(), live.mode(), s.official(), null);
    }
}
