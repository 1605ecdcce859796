package dev.quipu.sanctions.lists;

import java.util.List;

/** One parsed list version with its entities. */
public record ListSnapshot(ListVersion version, List<Entity> entities) {
    public ListSnapshot {
        entities = List.copyOf(entities);
    }
}
