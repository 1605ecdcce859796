package dev.quipu.registry.co;

import dev.quipu.registry.load.RowSink;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Keeps what a reader hands over, in order. */
final class RecordingSink implements RowSink {

    record Row(String key, Map<String, String> fields) {
    }

    final List<Row> rows = new ArrayList<>();
    final List<String> skipped = new ArrayList<>();

    @Override
    public void accept(String key, Map<String, String> fields) {
        rows.add(new Row(key, Map.copyOf(fields)));
    }

    @Override
    public void skip(String reason) {
        skipped.add(reason);
    }

    Row first(String key) {
        return rows.stream().filter(r -> r.key().equals(key)).findFirst().orElseThrow(() -> new AssertionError("no row " + key));
    }
}
