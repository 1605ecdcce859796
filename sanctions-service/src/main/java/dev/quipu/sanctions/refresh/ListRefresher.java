package dev.quipu.sanctions.refresh;

import dev.quipu.contracts.events.ListVersionChanged;
import dev.quipu.runtime.UuidV7;
import dev.quipu.sanctions.api.ListState;
import dev.quipu.sanctions.lists.ListId;
import dev.quipu.sanctions.lists.ListReader;
import dev.quipu.sanctions.lists.ListSnapshot;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * One refresh of one list: download every file, validate (parses, not empty, entity count within
 * bounds of the serving version unless forced), build the new index beside the serving one and swap
 * it in, record the version, publish the change. Any failure leaves the serving index untouched.
 */
public class ListRefresher {

    private static final Logger LOG = LoggerFactory.getLogger(ListRefresher.class);

    public enum Status { UPDATED, UNCHANGED, REFUSED, FAILED }

    /** What happened; {@code diff} is set when the list was updated. */
    public record Outcome(ListId list, Status status, String reason, ListDiff diff, String version) {
    }

    private final ListState state;
    private final ListFetcher fetcher;
    private final ListReader reader = new ListReader();
    private final double maxChange;
    private final BiConsumer<String, ListVersionChanged> publisher;
    private final UuidV7 ids = new UuidV7();

    /** @param publisher sends the change on quipu.lists.v1 keyed by list id */
    public ListRefresher(ListState state, ListFetcher fetcher, double maxChange, BiConsumer<String, ListVersionChanged> publisher) {
        this.state = state;
        this.fetcher = fetcher;
        this.maxChange = maxChange;
        this.publisher = publisher;
    }

    public Outcome refresh(ListId list, Map<String, String> sources, boolean force) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        try {
            for (Map.Entry<String, String> f : sources.entrySet()) {
                files.put(f.getKey(), fetcher.fetch(f.getValue()));
            }
        } catch (ListFetcher.FetchFailed e) {
            return log(new Outcome(list, Status.FAILED, e.getMessage(), null, null));
        }
        ListSnapshot previous = state.snapshots().stream().filter(s -> s.version().list() == list).findFirst().orElse(null);
        if (previous != null && ListReader.sha256(files).equals(previous.version().sha256())) {
            return log(new Outcome(list, Status.UNCHANGED, "same SHA-256 as the serving version", null,
                    previous.version().version()));
        }
        ListSnapshot next;
        try {
            next = reader.read(list, files, String.join(" ", sources.values()), null, Instant.now(), "refreshed");
        } catch (RuntimeException e) {
            // 0-byte downloads, truncated XML, missing columns: refused, the old version keeps serving
            return log(new Outcome(list, Status.REFUSED, "does not parse: " + e.getMessage(), null, null));
        }
        // a partial list (the bundled EU fragment) says nothing about the size of the full list
        boolean bounded = previous != null && !previous.version().partial();
        if (bounded && !force) {
            int before = previous.version().entityCount();
            int after = next.version().entityCount();
            if (Math.abs(after - before) > maxChange * before) {
                return log(new Outcome(list, Status.REFUSED, "entity count " + after + " is outside ±" + Math.round(maxChange * 100)
                        + " % of the serving version's " + before + " (force to accept)", null, next.version().version()));
            }
        }
        ListDiff diff = ListDiff.between(previous == null ? java.util.List.of() : previous.entities(), next.entities());
        try {
            state.replace(next);
        } catch (RuntimeException e) {
            return log(new Outcome(list, Status.FAILED, "index build or version record failed: " + e, null, null));
        }
        var v = next.version();
        publisher.accept(list.name(), new ListVersionChanged(ids.next().toString(), list.name(), v.version(), v.sha256(),
                v.publishedAt() == null ? null : v.publishedAt().toString(), v.entityCount(), diff.added(), diff.removed(),
                diff.changed()));
        return log(new Outcome(list, Status.UPDATED, null, diff, v.version()));
    }

    private static Outcome log(Outcome o) {
        if (o.status() == Status.UPDATED) {
            LOG.info("list {} now at version {}: {} added, {} removed, {} changed", o.list(), o.version(),
                    o.diff().added(), o.diff().removed(), o.diff().changed());
        } else if (o.status() == Status.UNCHANGED) {
            LOG.debug("list {} unchanged", o.list());
        } else {
            // ListSources logs an outage once; each failed attempt only at debug
            LOG.debug("list {} refresh {}: {}; the serving version stays", o.list(), o.status(), o.reason());
        }
        return o;
    }
}
