package dev.quipu.registry.load;

import dev.quipu.registry.store.LoadLedger;
import dev.quipu.registry.store.LoadedLoads;
import dev.quipu.registry.store.LoadRecord;
import dev.quipu.registry.store.RowStore;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.micronaut.jdbc.DataSourceResolver;

import javax.sql.DataSource;
import java.io.IOException;
import java.io.InputStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * Loads one file of a dataset into the store: streaming (never the whole file in memory), in batches
 * appended with COPY, idempotent (a file already loaded, by SHA-256, is not loaded again), resumable (an
 * interrupted load of the same bytes continues after its last committed batch), one loader per file
 * across instances (a PostgreSQL advisory lock on the load), with a progress line every few seconds.
 */
@Singleton
public class BulkLoader {

    private static final Logger LOG = LoggerFactory.getLogger(BulkLoader.class);

    private final LoadLedger ledger;
    private final RowStore rows;
    private final DataSource dataSource;
    private final Clock clock;
    private final LoadedLoads loaded;
    private final int batchSize;

    public BulkLoader(LoadLedger ledger, RowStore rows, DataSource dataSource, DataSourceResolver resolver, Clock clock, LoadedLoads loaded,
                      LoadSettings settings) {
        this.ledger = ledger;
        this.rows = rows;
        this.dataSource = resolver.resolve(dataSource);
        this.clock = clock;
        this.loaded = loaded;
        this.batchSize = settings.batchSize() > 0 ? settings.batchSize() : 20_000;
    }

    /** How a load ended: {@code loaded}, {@code already_loaded} or {@code loading_elsewhere}. */
    public record Outcome(String result, LoadRecord load) {
    }

    public Outcome load(BulkDataset dataset, LoadInput input) {
        return load(dataset, input, line -> LOG.info("{}", line));
    }

    /** @param progress receives the progress lines (also for the operator's {@code ./quipu registry load}) */
    public Outcome load(BulkDataset dataset, LoadInput input, Consumer<String> progress) {
        LoadRecord load = ledger.start(dataset.country(), dataset.id(), input.sourceUrl(), input.origin(), input.sha256());
        if (load.complete() || LoadRecord.SUPERSEDED.equals(load.state())) {
            progress.accept(dataset.id() + ": " + input.name() + " (sha256 " + input.sha256().substring(0, 12)
                    + ") was loaded before, as load " + load.id() + "; nothing to do");
            return new Outcome("already_loaded", load);
        }
        try (Connection lock = dataSource.getConnection()) {
            if (!tryLock(lock, load.id())) {
                progress.accept(dataset.id() + ": load " + load.id() + " is running in another instance");
                return new Outcome("loading_elsewhere", load);
            }
            try {
                // re-read under the lock: another instance may have finished it meanwhile
                load = ledger.find(load.id()).orElseThrow();
                if (load.complete()) {
                    return new Outcome("already_loaded", load);
                }
                LoadRecord done = run(dataset, input, load, progress);
                loaded.refresh();
                return new Outcome("loaded", done);
            } finally {
                unlock(lock, load.id());
            }
        } catch (SQLException e) {
            throw new LoadException("cannot lock load " + load.id(), e);
        }
    }

    private LoadRecord run(BulkDataset dataset, LoadInput input, LoadRecord load, Consumer<String> progress) {
        Batch batch = new Batch(dataset, load, progress);
        if (load.position() > 0) {
            progress.accept(dataset.id() + ": resuming load " + load.id() + " after record " + load.position());
        }
        CutOff[] found = {CutOff.unknown()};
        try (InputStream raw = input.opener().open(); batch) {
            Decompression.each(input.name(), raw, (entry, in) -> {
                CutOff c = dataset.reader().read(in, batch);
                found[0] = found[0].or(c);
            });
            batch.finish();
        } catch (IOException | RuntimeException e) {
            String why = e.getClass().getSimpleName() + ": " + e.getMessage();
            ledger.fail(load.id(), why);
            throw new LoadException(dataset.id() + ": load " + load.id() + " of " + input.sourceUrl() + " stopped after record "
                    + batch.committedPosition + " (" + why + "); loading the same file again resumes there", e);
        }
        CutOff cutOff = found[0].or(input.declared());
        LoadRecord done = ledger.complete(load.id(), cutOff.date(), cutOff.basis(), dataset.keepsEditions());
        progress.accept(String.format("%s: loaded %,d records (%,d skipped) from %s, cut-off %s, in %s", dataset.id(),
                done.rowsLoaded(), done.rowsSkipped(), input.name(), cutOff.known() ? cutOff.date() : "unknown",
                Duration.between(done.startedAt(), clock.instant()).withNanos(0)));
        batch.skipReasons.forEach(r -> LOG.debug("{}: skipped records: {}", dataset.id(), r));
        return done;
    }

    /** The sink the reader writes into: drops what an earlier run committed, batches the rest. */
    private final class Batch implements RowSink, AutoCloseable {
        private final BulkDataset dataset;
        private final LoadRecord load;
        private final Consumer<String> progress;
        private RowStore.CopyBatch pending;
        private final Set<String> skipReasons = new HashSet<>();
        private final Instant began = clock.instant();
        private final ExecutorService writer = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "registry-load-writer");
            t.setDaemon(true);
            return t;
        });
        private Future<?> inFlight;
        private long position;
        private long handedPosition;
        private volatile long committedPosition;
        private long accepted;
        private long skipped;
        private Instant lastProgress = began;

        Batch(BulkDataset dataset, LoadRecord load, Consumer<String> progress) {
            this.dataset = dataset;
            this.load = load;
            this.progress = progress;
            this.committedPosition = load.position();
            this.handedPosition = load.position();
            this.pending = rows.batch(load);
            this.accepted = load.rowsLoaded();
            this.skipped = load.rowsSkipped();
        }

        @Override
        public void accept(String key, Map<String, String> fields) {
            if (++position <= load.position()) {
                return;
            }
            accepted++;
            pending.add(key, fields);
            if (pending.rows() >= batchSize) {
                flush();
            }
        }

        @Override
        public void skip(String reason) {
            if (++position <= load.position()) {
                return;
            }
            skipped++;
            if (skipReasons.add(reason) && skipReasons.size() <= 20) {
                LOG.warn("{}: skipping a record: {}", dataset.id(), reason);
            }
        }

        /**
         * Hands the batch to the writer thread and goes on parsing: the file is parsed on one core while
         * PostgreSQL takes the previous batch on the other. Batches commit in order, one at a time.
         */
        void flush() {
            if (position == handedPosition) {
                return;
            }
            awaitWriter();
            RowStore.CopyBatch batch = pending;
            pending = rows.batch(load);
            long pos = position;
            long acc = accepted;
            long skip = skipped;
            handedPosition = pos;
            inFlight = writer.submit(() -> {
                rows.append(load, batch, pos, acc, skip);
                committedPosition = pos;
            });
            Instant now = clock.instant();
            if (Duration.between(lastProgress, now).toSeconds() >= 5) {
                lastProgress = now;
                double seconds = Math.max(0.001, Duration.between(began, now).toMillis() / 1000.0);
                progress.accept(String.format("%s: %,d records (%,.0f/s)", dataset.id(), position,
                        (position - load.position()) / seconds));
            }
        }

        /** The last batch handed over and committed. */
        void finish() {
            flush();
            awaitWriter();
        }

        private void awaitWriter() {
            if (inFlight == null) {
                return;
            }
            try {
                inFlight.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new LoadException("interrupted while writing load " + load.id(), e);
            } catch (ExecutionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : new LoadException("cannot write load " + load.id(), e.getCause());
            } finally {
                inFlight = null;
            }
        }

        /** Waits for a batch still being written (its failure is already reported) and stops the writer. */
        @Override
        public void close() {
            try {
                awaitWriter();
            } catch (RuntimeException ignored) {
                // the load failed already; the position committed is what counts
            } finally {
                writer.shutdownNow();
            }
        }
    }

    private static boolean tryLock(Connection c, long id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT pg_try_advisory_lock(?)")) {
            ps.setLong(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getBoolean(1);
            }
        }
    }

    private static void unlock(Connection c, long id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT pg_advisory_unlock(?)")) {
            ps.setLong(1, id);
            ps.execute();
        }
    }
}
