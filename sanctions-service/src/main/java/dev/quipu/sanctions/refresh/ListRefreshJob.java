package dev.quipu.sanctions.refresh;

import dev.quipu.sanctions.api.ListState;
import dev.quipu.sanctions.freshness.ListSources;
import dev.quipu.sanctions.lists.ListId;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.ApplicationEventListener;
import io.micronaut.context.event.StartupEvent;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.TaskScheduler;
import jakarta.inject.Named;
import jakarta.inject.Singleton;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * Fetches every list that has sources from its publisher: first right after start (in the
 * background, so that start-up never waits for the network; the bundled snapshots serve meanwhile),
 * then every {@code interval}. After a failure the list is tried again sooner, 1, 2, 4 ... minutes
 * later up to the interval, so that a list comes back soon after the network does. Each list on
 * its own schedule: one slow or failing publisher does not hold back the others.
 */
@Singleton
@Requires(property = "quipu.lists.refresh.enabled", value = "true")
public class ListRefreshJob implements ApplicationEventListener<StartupEvent> {

    private final RefreshSettings settings;
    private final ListRefresher refresher;
    private final ListSources sources;
    private final TaskScheduler scheduler;

    public ListRefreshJob(RefreshSettings settings, ListState state, ListEventClient events, ListSources sources,
                          @Named(TaskExecutors.SCHEDULED) TaskScheduler scheduler) {
        this.settings = settings;
        this.sources = sources;
        this.scheduler = scheduler;
        this.refresher = new ListRefresher(state, new ListFetcher(settings.connectTimeout(), settings.timeout()),
                settings.maxChange(), events::send);
    }

    @Override
    public void onApplicationEvent(StartupEvent event) {
        for (ListId list : settings.sources().keySet()) {
            schedule(list, settings.initialDelay());
        }
    }

    /** One fetch of one list now, its outcome recorded and the next one scheduled. */
    ListRefresher.Outcome refresh(ListId list) {
        Map<String, String> files = settings.sources().get(list);
        ListRefresher.Outcome outcome = refresher.refresh(list, files, false);
        Instant now = Instant.now();
        if (outcome.status() == ListRefresher.Status.UPDATED || outcome.status() == ListRefresher.Status.UNCHANGED) {
            sources.succeeded(list, now, now.plus(settings.interval()));
            schedule(list, settings.interval());
        } else {
            Duration retry = settings.retryDelay(sources.status(list).failuresInARow() + 1);
            sources.failed(list, now, outcome.status().name().toLowerCase() + ": " + outcome.reason(), now.plus(retry));
            schedule(list, retry);
        }
        return outcome;
    }

    private void schedule(ListId list, Duration delay) {
        sources.scheduled(list, Instant.now().plus(delay));
        scheduler.schedule(delay, () -> refresh(list));
    }
}
