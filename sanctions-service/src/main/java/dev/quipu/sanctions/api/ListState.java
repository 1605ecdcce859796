package dev.quipu.sanctions.api;

import dev.quipu.sanctions.lists.BundledLists;
import dev.quipu.sanctions.lists.ListSnapshot;
import dev.quipu.sanctions.lists.ListVersionStore;
import dev.quipu.sanctions.matching.NameNormalizer;
import dev.quipu.sanctions.matching.ScreeningIndex;
import io.micronaut.context.annotation.Context;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The index currently serving. Built at startup from the bundled real snapshots (and each version
 * recorded in PostgreSQL); a refresh swaps in a new index atomically, so a screening always sees
 * one consistent set of list versions.
 */
@Context
public class ListState {

    private static final Logger LOG = LoggerFactory.getLogger(ListState.class);

    /** The index and the snapshots it was built from, swapped together. */
    private record Live(ScreeningIndex index, List<ListSnapshot> snapshots) {
    }

    private final AtomicReference<Live> current = new AtomicReference<>();
    private final NameNormalizer normalizer;
    private final ListVersionStore store;

    public ListState(NameNormalizer normalizer, ListVersionStore store) {
        this.normalizer = normalizer;
        this.store = store;
        long t0 = System.nanoTime();
        BundledLists bundled = new BundledLists();
        List<ListSnapshot> snapshots = bundled.load();
        long t1 = System.nanoTime();
        ScreeningIndex index = ScreeningIndex.build(snapshots, normalizer);
        long t2 = System.nanoTime();
        snapshots.forEach(s -> store.record(s.version()));
        current.set(new Live(index, List.copyOf(snapshots)));
        LOG.info("lists loaded: {} entities, {} names, {} wallet addresses; parse {} ms, index build {} ms",
                index.entities().size(), index.nameCount(), index.walletCount(), (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000);
    }

    public ScreeningIndex index() {
        return current.get().index();
    }

    /** The snapshots the serving index was built from, one per list. */
    public List<ListSnapshot> snapshots() {
        return current.get().snapshots();
    }

    /** Builds the next index off to the side and swaps it in; the old one serves until then. */
    public synchronized ScreeningIndex swap(List<ListSnapshot> snapshots) {
        ScreeningIndex next = ScreeningIndex.build(snapshots, normalizer);
        snapshots.forEach(s -> store.record(s.version()));
        current.set(new Live(next, List.copyOf(snapshots)));
        return next;
    }

    /**
     * Replaces one list's snapshot (a refresh) and swaps in an index over it and the other lists'
     * current snapshots. If building or recording fails, nothing changes.
     */
    public synchronized ScreeningIndex replace(ListSnapshot next) {
        List<ListSnapshot> all = new java.util.ArrayList<>();
        boolean found = false;
        for (ListSnapshot s : snapshots()) {
            if (s.version().list() == next.version().list()) {
                all.add(next);
                found = true;
            } else {
                all.add(s);
            }
        }
        if (!found) {
            all.add(next);
        }
        ScreeningIndex index = ScreeningIndex.build(all, normalizer);
        store.record(next.version());
        current.set(new Live(index, List.copyOf(all)));
        return index;
    }
}
