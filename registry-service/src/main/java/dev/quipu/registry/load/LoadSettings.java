package dev.quipu.registry.load;

import io.micronaut.context.annotation.ConfigurationProperties;

import java.time.Duration;
import java.util.List;

/**
 * {@code quipu.registry.loads}: bulk loads from the publishers (docs/registry.md "Loading the official files").
 *
 * @param downloadDir       where downloads are kept while they load (a 1.5 GB padrón needs the room); empty = the JVM's temp dir
 * @param refreshEnabled    whether the schedule downloads the {@code refreshDatasets} from their official URLs
 * @param refreshDatasets   the datasets the schedule refreshes: by default the small official files; RFB's
 *                          ~5 GB and SUNAT's 400 MB zip are loaded when the operator asks
 * @param refreshInterval   how often (a file whose bytes did not change is not loaded again)
 * @param refreshFirstDelay the first refresh after start
 * @param batchSize         records per COPY transaction (the unit a resumed load restarts from)
 */
@ConfigurationProperties("quipu.registry.loads")
public record LoadSettings(String downloadDir, boolean refreshEnabled, List<String> refreshDatasets, Duration refreshInterval,
                           Duration refreshFirstDelay, Duration connectTimeout, Duration downloadTimeout, int batchSize) {
}
