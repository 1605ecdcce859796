package dev.quipu.registry.lookup;

import jakarta.inject.Singleton;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Whether the bundled samples are in the store yet, and how each load ended (for /health). */
@Singleton
public class BundledLoadState {

    private volatile boolean done;

    /** @param bundledEnabled when the samples are switched off there is nothing to wait for */
    public BundledLoadState(@io.micronaut.context.annotation.Value("${quipu.registry.bundled.enabled:true}") boolean bundledEnabled) {
        this.done = !bundledEnabled;
    }
    private final Map<String, String> results = new ConcurrentHashMap<>();

    public boolean done() {
        return done;
    }

    public void finished() {
        done = true;
    }

    public void result(String resource, String result) {
        results.put(resource, result);
    }

    public Map<String, String> results() {
        return Map.copyOf(results);
    }
}
