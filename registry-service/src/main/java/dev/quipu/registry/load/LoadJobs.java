package dev.quipu.registry.load;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The operator's and the schedule's loads, run one at a time in the background (a load is I/O- and
 * database-bound; two at once only compete). Each job keeps its last progress lines for
 * {@code GET /admin/registry/loads/jobs/{id}} and {@code ./quipu registry load}.
 */
@Singleton
public class LoadJobs {

    private static final Logger LOG = LoggerFactory.getLogger(LoadJobs.class);
    private static final int LINES_KEPT = 40;

    private final BulkLoader loader;
    private final Downloads downloads;
    private final Clock clock;
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "registry-loads");
        t.setDaemon(true);
        return t;
    });
    private final AtomicLong ids = new AtomicLong();
    private final Map<Long, Job> jobs = new ConcurrentHashMap<>();

    public LoadJobs(BulkLoader loader, Downloads downloads, Clock clock) {
        this.loader = loader;
        this.downloads = downloads;
        this.clock = clock;
    }

    /** What to load: a dataset, from a local file or a URL, with an optional cut-off declared by the operator. */
    public record Request(BulkDataset dataset, @Nullable String file, @Nullable String url, @Nullable CutOff declared) {
    }

    /** A job's state as the operator sees it. */
    @Serdeable(naming = SnakeCaseStrategy.class)
    public record JobView(long id, String dataset, String source, String state, @Nullable String result,
                          @Nullable Long loadId, Instant submittedAt, @Nullable Instant finishedAt, List<String> progress) {
    }

    public JobView submit(Request request) {
        long id = ids.incrementAndGet();
        String source = request.file() != null ? request.file() : request.url();
        Job job = new Job(id, request.dataset().id(), source, clock.instant());
        jobs.put(id, job);
        worker.submit(() -> run(job, request));
        return job.view();
    }

    public Optional<JobView> find(long id) {
        return Optional.ofNullable(jobs.get(id)).map(Job::view);
    }

    public List<JobView> all() {
        return jobs.values().stream().map(Job::view).sorted((a, b) -> Long.compare(b.id(), a.id())).toList();
    }

    private void run(Job job, Request request) {
        job.state = "running";
        LoadInput input = null;
        try {
            job.line("fetching " + job.source);
            input = request.file() != null ? downloads.file(java.nio.file.Path.of(request.file()))
                    : downloads.url(java.net.URI.create(request.url()));
            // the operator's declaration first, then what the URL or name says, then the download's Last-Modified
            input = input.withDeclared(request.dataset().cutOffOf(job.source)).withDeclared(request.declared());
            BulkLoader.Outcome outcome = loader.load(request.dataset(), input, job::line);
            job.finish("done", outcome.result(), outcome.load().id());
            delete(input);
        } catch (RuntimeException e) {
            LOG.warn("registry load of {} from {} failed: {}", job.dataset, job.source, e.getMessage());
            job.line("failed: " + e.getMessage());
            job.finish("failed", e.getMessage(), null);
        }
    }

    private static void delete(LoadInput input) {
        if (input.download() != null) {
            try {
                Files.deleteIfExists(input.download());
            } catch (IOException e) {
                LOG.debug("cannot delete {}: {}", input.download(), e.getMessage());
            }
        }
    }

    @PreDestroy
    void stop() {
        worker.shutdownNow();
    }

    private final class Job {
        final long id;
        final String dataset;
        final String source;
        final Instant submittedAt;
        final Deque<String> lines = new ArrayDeque<>();
        volatile String state = "queued";
        volatile String result;
        volatile Long loadId;
        volatile Instant finishedAt;

        Job(long id, String dataset, String source, Instant submittedAt) {
            this.id = id;
            this.dataset = dataset;
            this.source = source;
            this.submittedAt = submittedAt;
        }

        synchronized void line(String line) {
            LOG.info("{}", line);
            lines.addLast(line);
            if (lines.size() > LINES_KEPT) {
                lines.removeFirst();
            }
        }

        void finish(String state, String result, Long loadId) {
            this.result = result;
            this.loadId = loadId;
            this.finishedAt = clock.instant();
            this.state = state;
        }

        synchronized JobView view() {
            return new JobView(id, dataset, source, state, result, loadId, submittedAt, finishedAt, new ArrayList<>(lines));
        }
    }
}
