package dev.quipu.registry.load;

import java.util.LinkedHashMap;
import java.util.Map;

/** Builds a record's fields as the store keeps them: values trimmed, empty ones and placeholders left out. */
public final class Fields {

    private final Map<String, String> map = new LinkedHashMap<>();

    /**
     * Adds a field unless its value is blank or one of the publisher's placeholders for "nothing"
     * ({@code -} in SUNAT's padrón).
     */
    public Fields put(String name, String value) {
        if (value != null) {
            String v = value.strip();
            if (!v.isEmpty() && !v.equals("-")) {
                map.put(name, v);
            }
        }
        return this;
    }

    public Map<String, String> map() {
        return map;
    }
}
