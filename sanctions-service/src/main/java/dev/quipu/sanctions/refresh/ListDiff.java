package dev.quipu.sanctions.refresh;

import dev.quipu.sanctions.lists.Entity;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Entities added, removed and changed between two versions of a list, by entity id and content. */
public record ListDiff(int added, int removed, int changed) {

    public static ListDiff between(List<Entity> previous, List<Entity> next) {
        Map<String, Entity> before = new HashMap<>(previous.size() * 2);
        for (Entity e : previous) {
            before.put(e.id(), e);
        }
        int added = 0;
        int changed = 0;
        int kept = 0;
        for (Entity e : next) {
            Entity old = before.get(e.id());
            if (old == null) {
                added++;
            } else {
                kept++;
                if (!old.equals(e)) {
                    changed++;
                }
            }
        }
        return new ListDiff(added, before.size() - kept, changed);
    }
}
