package dev.quipu.registry.health;

import dev.quipu.registry.load.BulkDataset;
import dev.quipu.registry.lookup.BundledLoadState;
import dev.quipu.registry.lookup.CountryRegistry;
import dev.quipu.registry.lookup.LiveSource;
import dev.quipu.registry.store.LoadRecord;
import dev.quipu.registry.store.LoadedLoads;
import io.micronaut.health.HealthStatus;
import io.micronaut.management.health.indicator.HealthIndicator;
import io.micronaut.management.health.indicator.HealthResult;
import jakarta.inject.Singleton;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code registry_sources} in {@code /health}: per country, each dataset's current load (cut-off, rows,
 * where it came from) and each live source. DOWN only while the bundled samples load at first start, so
 * that {@code ./quipu up} returns once lookups can be answered.
 */
@Singleton
public class RegistrySourcesHealthIndicator implements HealthIndicator {

    private final List<CountryRegistry> registries;
    private final LoadedLoads loads;
    private final BundledLoadState bundled;

    public RegistrySourcesHealthIndicator(List<CountryRegistry> registries, LoadedLoads loads, BundledLoadState bundled) {
        this.registries = registries;
        this.loads = loads;
        this.bundled = bundled;
    }

    @Override
    public Publisher<HealthResult> getResult() {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("bundled_samples", bundled.done() ? "loaded" : "loading");
        details.put("bundled_results", bundled.results());
        for (CountryRegistry registry : registries.stream().sorted((a, b) -> a.country().compareTo(b.country())).toList()) {
            details.put(registry.country(), country(registry));
        }
        HealthStatus status = bundled.done() ? HealthStatus.UP : HealthStatus.DOWN;
        return Mono.just(HealthResult.builder("registry_sources", status).details(details).build());
    }

    private Map<String, Object> country(CountryRegistry registry) {
        Map<String, Object> m = new LinkedHashMap<>();
        Map<String, Object> datasets = new LinkedHashMap<>();
        List<LoadRecord> complete = loads.ofCountry(registry.country());
        for (BulkDataset d : registry.datasets()) {
            datasets.put(d.id(), complete.stream().filter(l -> l.dataset().equals(d.id())).map(RegistrySourcesHealthIndicator::load).toList());
        }
        m.put("datasets", datasets);
        Map<String, Object> live = new LinkedHashMap<>();
        for (LiveSource s : registry.liveSources()) {
            live.put(s.id(), Map.of("enabled", s.enabled(), "url", s.publicUrl(), "official", s.official()));
        }
        m.put("live_sources", live);
        return m;
    }

    private static Map<String, Object> load(LoadRecord l) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("load_id", l.id());
        m.put("cut_off", l.cutOff() == null ? null : l.cutOff().toString());
        m.put("cut_off_basis", l.cutOffBasis());
        m.put("rows", l.rowsLoaded());
        m.put("skipped", l.rowsSkipped());
        m.put("origin", l.origin());
        m.put("source_url", l.sourceUrl());
        m.put("sha256", l.sha256());
        m.put("loaded_at", l.finishedAt() == null ? null : l.finishedAt().toString());
        return m;
    }
}
