package dev.quipu.registry.load;

import dev.quipu.registry.lookup.CountryRegistry;
import io.micronaut.context.event.StartupEvent;
import io.micronaut.runtime.event.annotation.EventListener;
import io.micronaut.scheduling.TaskScheduler;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;

/**
 * Live by default for the bulk files: after start and then every {@code refresh-interval}, the datasets
 * in {@code refresh-datasets} are downloaded from their publishers' official URLs and loaded when their
 * bytes changed (a file already loaded is recognised by its SHA-256 and skipped). Off in tests.
 */
@Singleton
public class ScheduledLoads {

    private static final Logger LOG = LoggerFactory.getLogger(ScheduledLoads.class);

    private final LoadSettings settings;
    private final List<CountryRegistry> registries;
    private final LoadJobs jobs;
    private final TaskScheduler scheduler;

    public ScheduledLoads(LoadSettings settings, List<CountryRegistry> registries, LoadJobs jobs,
                          @Named("scheduled") TaskScheduler scheduler) {
        this.settings = settings;
        this.registries = registries;
        this.jobs = jobs;
        this.scheduler = scheduler;
    }

    @EventListener
    void onStartup(StartupEvent event) {
        if (!settings.refreshEnabled() || settings.refreshDatasets().isEmpty()) {
            LOG.info("registry: scheduled downloads of the official files are off");
            return;
        }
        scheduler.scheduleWithFixedDelay(settings.refreshFirstDelay(), settings.refreshInterval(), this::refresh);
    }

    /** Queues a download and load of each scheduled dataset that has an official URL. */
    public void refresh() {
        for (CountryRegistry registry : registries) {
            for (BulkDataset dataset : registry.datasets()) {
                if (settings.refreshDatasets().contains(dataset.id())) {
                    dataset.officialUrl().ifPresent(url -> jobs.submit(new LoadJobs.Request(dataset, null, url, null)));
                }
            }
        }
    }
}
