package dev.quipu.registry.lookup;

import dev.quipu.registry.company.CompanyRecord;
import dev.quipu.registry.load.BulkDataset;
import dev.quipu.registry.store.LiveAnswers;
import dev.quipu.registry.store.LoadRecord;
import dev.quipu.registry.store.LoadedLoads;
import dev.quipu.registry.store.RowStore;
import dev.quipu.registry.store.StoreException;
import dev.quipu.registry.store.StoredRow;
import dev.quipu.registry.taxid.TaxIdCheck;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Looks one valid identifier up: the country's live sources first (each answer kept as the floor), then
 * the store's rows of every complete load, assembled by the country's {@link CountryRegistry}.
 */
@Singleton
public class CompanyLookup {

    private static final Logger LOG = LoggerFactory.getLogger(CompanyLookup.class);

    private final Map<String, CountryRegistry> registries;
    private final RowStore rows;
    private final LiveAnswers kept;
    private final LoadedLoads loads;
    private final BundledLoadState bundled;
    private final Clock clock;

    public CompanyLookup(List<CountryRegistry> registries, RowStore rows, LiveAnswers kept, LoadedLoads loads,
                         BundledLoadState bundled, Clock clock) {
        this.registries = registries.stream().collect(Collectors.toMap(CountryRegistry::country, Function.identity()));
        this.rows = rows;
        this.kept = kept;
        this.loads = loads;
        this.bundled = bundled;
        this.clock = clock;
    }

    public Optional<CountryRegistry> registry(String country) {
        return Optional.ofNullable(registries.get(country));
    }

    public LookupOutcome lookup(String country, TaxIdCheck id) {
        CountryRegistry registry = registries.get(country);
        if (registry == null) {
            return new LookupOutcome.Unavailable("no registry is configured for " + country, 3600, List.of());
        }
        String key = id.normalized();
        List<LiveResult> live = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        List<String> asked = new ArrayList<>();
        for (LiveSource source : registry.liveSources()) {
            if (!source.enabled()) {
                continue;
            }
            asked.add(source.id() + " (" + source.publicUrl() + ")");
            ask(country, key, id, source, live, failures);
        }
        List<StoredRow> stored;
        try {
            stored = rows.find(country, registry.keys(id), loads.byId());
        } catch (StoreException e) {
            LOG.warn("registry store unreadable: {}", e.getMessage());
            return new LookupOutcome.Unavailable("the registry store cannot be read", 10, List.of(e.getMessage()));
        }
        Optional<CompanyRecord> record = registry.assemble(id, new Evidence(live, stored));
        if (record.isPresent()) {
            return new LookupOutcome.Found(record.get());
        }
        if (!failures.isEmpty()) {
            return new LookupOutcome.Unavailable("a source that may know " + id.formatted() + " could not be asked, and no "
                    + "record of it is kept", 60, failures);
        }
        if (!bundled.done()) {
            return new LookupOutcome.Unavailable("the bundled registry samples are still being loaded", 5, List.of());
        }
        for (BulkDataset d : registry.datasets()) {
            loads.ofCountry(country).stream().filter(l -> l.dataset().equals(d.id())).map(l -> d.id() + " (" + d.title()
                    + ", cut-off " + (l.cutOff() == null ? "unknown" : l.cutOff()) + ")").forEach(asked::add);
        }
        return new LookupOutcome.NotFound(asked);
    }

    private void ask(String country, String key, TaxIdCheck id, LiveSource source, List<LiveResult> live, List<String> failures) {
        Instant now = clock.instant();
        try {
            Optional<String> body = source.fetch(id);
            keep(country, key, source, now, body.orElse(null));
            body.ifPresent(b -> live.add(new LiveResult(source, b, now, LiveResult.LIVE)));
        } catch (LiveSourceException e) {
            Optional<LiveAnswers.Kept> last = readKept(country, key, source);
            if (last.isPresent() && last.get().found()) {
                live.add(new LiveResult(source, last.get().fields().get(BODY), last.get().fetchedAt(), LiveResult.STORE));
            } else if (last.isEmpty()) {
                failures.add(source.id() + ": " + e.getMessage());
            }
        }
    }

    private static final String BODY = "body";

    private void keep(String country, String key, LiveSource source, Instant at, String body) {
        try {
            kept.keep(country, key, source.id(), at, body == null ? null : Map.of(BODY, body));
        } catch (StoreException e) {
            LOG.warn("cannot keep the answer of {}: {}", source.id(), e.getMessage());
        }
    }

    private Optional<LiveAnswers.Kept> readKept(String country, String key, LiveSource source) {
        try {
            return kept.find(country, key, source.id());
        } catch (StoreException e) {
            return Optional.empty();
        }
    }

    /** The complete loads of a country (for /health and the 404's list of sources asked). */
    public List<LoadRecord> loads(String country) {
        return loads.ofCountry(country);
    }
}
