package dev.quipu.sanctions.matching;

import dev.quipu.sanctions.lists.ListId;
import dev.quipu.sanctions.lists.PartialDate;
import io.micronaut.core.annotation.Nullable;

import java.util.List;
import java.util.Set;

/**
 * What to screen. {@code type} is "person" or "company" (null = any); {@code country} the party's
 * country (residence/registration), {@code nationality} a person's nationality.
 */
public record ScreeningQuery(String name, @Nullable String type, @Nullable String country, @Nullable String nationality,
                             @Nullable PartialDate dateOfBirth, List<String> identifiers, Set<ListId> lists,
                             double threshold, int limit) {
}
