package dev.quipu.sanctions.lists;

import io.micronaut.core.annotation.Nullable;

import java.time.Instant;

/**
 * Where a loaded list came from.
 *
 * @param version     the publisher's date or file id, else the fetch date
 * @param sourceUrl   the official address (or bundled resource) it was read from
 * @param sha256      SHA-256 over the source file(s), hex
 * @param publishedAt publication/generation date when the file states one
 * @param nameCount   names over all entities: primary names, aliases and original-script forms
 * @param partial     true for a fragment of the list (the bundled EU sample), which screens only part of it
 */
public record ListVersion(ListId list, String version, String sourceUrl, String sha256,
                          @Nullable Instant publishedAt, Instant fetchedAt, int entityCount, String note,
                          int nameCount, boolean partial) {
}
