package dev.quipu.sanctions.matching;

import dev.quipu.sanctions.lists.Entity;
import dev.quipu.sanctions.lists.EntityName;

import java.util.Map;

/**
 * One scored candidate: the entity, the list name that scored best, the total score and each
 * feature's contribution ({@code name}, {@code weak_alias}, {@code identifier}, {@code dob},
 * {@code country}, {@code nationality}) with a human-readable detail.
 */
public record Match(Entity entity, EntityName matchedName, double score, Map<String, Feature> features) {

    public record Feature(double score, Object detail) {
    }
}
