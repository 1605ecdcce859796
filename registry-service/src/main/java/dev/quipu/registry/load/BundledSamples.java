package dev.quipu.registry.load;

import dev.quipu.registry.lookup.BundledLoadState;
import dev.quipu.registry.lookup.BundledSample;
import dev.quipu.registry.lookup.CountryRegistry;
import dev.quipu.registry.store.LoadRecord;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.StartupEvent;
import io.micronaut.runtime.event.annotation.EventListener;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Loads the real sample files shipped in {@code resources/registry/} into the store at first start, in
 * the background (the service answers 503 with Retry-After for identifiers it cannot find until they are
 * in). Later starts find every sample loaded by its SHA-256 and do nothing.
 */
@Singleton
@Requires(property = "quipu.registry.bundled.enabled", notEquals = "false")
public class BundledSamples {

    private static final Logger LOG = LoggerFactory.getLogger(BundledSamples.class);

    private final List<CountryRegistry> registries;
    private final BulkLoader loader;
    private final BundledLoadState state;

    public BundledSamples(List<CountryRegistry> registries, BulkLoader loader, BundledLoadState state) {
        this.registries = registries;
        this.loader = loader;
        this.state = state;
    }

    @EventListener
    void onStartup(StartupEvent event) {
        Thread t = new Thread(this::loadAll, "registry-bundled-samples");
        t.setDaemon(true);
        t.start();
    }

    /** Loads every bundled sample not loaded yet; a sample that fails is logged and the others still load. */
    public void loadAll() {
        try {
            for (CountryRegistry registry : registries) {
                Map<String, BulkDataset> datasets = registry.datasets().stream()
                        .collect(Collectors.toMap(BulkDataset::id, Function.identity()));
                for (BundledSample sample : registry.bundled()) {
                    BulkDataset dataset = datasets.get(sample.dataset());
                    if (dataset == null) {
                        throw new IllegalStateException("bundled sample " + sample.resource() + " names an unknown dataset "
                                + sample.dataset());
                    }
                    try {
                        BulkLoader.Outcome outcome = loader.load(dataset, input(sample), line -> LOG.debug("{}", line));
                        state.result(sample.resource(), outcome.result() + " as load " + outcome.load().id());
                    } catch (RuntimeException e) {
                        LOG.error("bundled sample {} could not be loaded: {}", sample.resource(), e.getMessage());
                        state.result(sample.resource(), "failed: " + e.getMessage());
                    }
                }
            }
        } finally {
            state.finished();
        }
    }

    static LoadInput input(BundledSample sample) {
        String name = sample.resource().substring(sample.resource().lastIndexOf('/') + 1);
        return new LoadInput(sample.sourceUrl(), LoadRecord.BUNDLED, name, sha256(sample.resource()),
                () -> open(sample.resource()), sample.declared(), null);
    }

    static InputStream open(String resource) throws IOException {
        InputStream in = BundledSamples.class.getClassLoader().getResourceAsStream(resource);
        if (in == null) {
            throw new IOException("no bundled resource " + resource);
        }
        return in;
    }

    static String sha256(String resource) {
        try (InputStream in = new DigestInputStream(open(resource), MessageDigest.getInstance("SHA-256"))) {
            in.transferTo(java.io.OutputStream.nullOutputStream());
            return HexFormat.of().formatHex(((DigestInputStream) in).getMessageDigest().digest());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
