package dev.quipu.registry.store;

import java.util.Map;

/** A record of a complete load, with the load it came from (its dataset, source, cut-off). */
public record StoredRow(LoadRecord load, String key, Map<String, String> fields) {

    public String dataset() {
        return load.dataset();
    }
}
