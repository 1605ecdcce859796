package dev.quipu.registry.company;

import io.micronaut.core.annotation.Nullable;

import java.util.List;
import java.util.Map;

/**
 * What the registry knows of one identifier, assembled from every source that knows it.
 *
 * @param fieldSources  for each {@link Company} field that is not null (by its JSON name, e.g.
 *                      {@code legal_name}), the {@link SourceRef#id()} it came from
 * @param legalObject   the company's objeto social, where a registry publishes it
 * @param notVerified   what could not be checked and why, in plain words
 */
public record CompanyRecord(Company company, List<Listing> listings, List<SourceRef> sources,
                            Map<String, String> fieldSources, Confidence confidence, @Nullable String legalObject,
                            List<String> notVerified) {
}
