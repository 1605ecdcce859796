package dev.quipu.registry.lookup;

import dev.quipu.registry.store.StoredRow;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * What the sources hold on one identifier: the live answers that know it and the stored rows of every
 * complete load under the identifier's keys.
 */
public record Evidence(List<LiveResult> live, List<StoredRow> rows) {

    /** The rows of one dataset, newest edition (cut-off) first. */
    public List<StoredRow> rows(String dataset) {
        return rows.stream().filter(r -> r.dataset().equals(dataset))
                .sorted(Comparator.comparing((StoredRow r) -> r.load().cutOff(), Comparator.nullsLast(Comparator.reverseOrder()))
                        .thenComparing(r -> -r.load().id()))
                .toList();
    }

    /** The first row of a dataset's newest edition under {@code key}. */
    public Optional<StoredRow> first(String dataset, String key) {
        return rows(dataset).stream().filter(r -> r.key().equals(key)).findFirst();
    }

    public Optional<LiveResult> live(String sourceId) {
        return live.stream().filter(l -> l.source().id().equals(sourceId)).findFirst();
    }
}
