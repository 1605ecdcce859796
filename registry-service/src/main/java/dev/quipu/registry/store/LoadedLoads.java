package dev.quipu.registry.store;

import io.micronaut.scheduling.annotation.Scheduled;
import jakarta.inject.Singleton;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The complete loads, held in memory so that a lookup is one indexed query on {@code registry_rows}.
 * Refreshed after every load here and every 30 s for loads finished by other instances.
 */
@Singleton
public class LoadedLoads {

    private final LoadLedger ledger;
    private volatile Map<Long, LoadRecord> complete;

    public LoadedLoads(LoadLedger ledger) {
        this.ledger = ledger;
    }

    public Map<Long, LoadRecord> byId() {
        Map<Long, LoadRecord> c = complete;
        if (c == null) {
            refresh();
            c = complete;
        }
        return c;
    }

    /** The complete loads of a country. */
    public List<LoadRecord> ofCountry(String country) {
        return byId().values().stream().filter(l -> l.country().equals(country)).toList();
    }

    @Scheduled(fixedDelay = "30s", initialDelay = "30s")
    public void refresh() {
        complete = ledger.complete().stream().collect(Collectors.toMap(LoadRecord::id, Function.identity(), (a, b) -> a,
                LinkedHashMap::new));
    }
}
