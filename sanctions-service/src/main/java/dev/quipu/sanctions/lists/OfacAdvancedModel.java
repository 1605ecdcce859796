package dev.quipu.sanctions.lists;

import io.micronaut.core.annotation.Nullable;

import java.util.List;

/**
 * The parts of OFAC's Advanced XML model the service uses, as read, with references still as ids.
 * The file gives parties, the locations and documents they point to, and their sanctions entries in
 * separate sections; {@link OfacAdvancedProfiles} joins them once everything has been read, so the
 * order of the sections does not matter.
 */
final class OfacAdvancedModel {

    private OfacAdvancedModel() {
    }

    /** One DistinctParty with its (single, in practice) Profile. */
    record Party(String fixedRef, String profileId, String partySubTypeId, List<String> identityIds,
                 List<Alias> aliases, java.util.Map<String, String> namePartTypes, List<Feature> features) {
    }

    /** One Alias: a primary name, a.k.a., f.k.a. or n.k.a., in one or more scripts. */
    record Alias(String aliasTypeId, boolean primary, boolean lowQuality, List<DocumentedName> names) {
    }

    record DocumentedName(List<NamePart> parts) {
    }

    /** One NamePartValue; its type (last name, first name, ...) is found through its group. */
    record NamePart(String groupId, String scriptId, String value) {
    }

    /**
     * One FeatureVersion of a Feature (birth date, nationality, wallet address, ...): a text or a
     * reference value, a location, or a date period, whichever the feature type uses.
     */
    record Feature(String featureTypeId, @Nullable String text, @Nullable String detailReferenceId,
                   @Nullable String locationId, @Nullable Period period) {
    }

    /**
     * A DatePeriod reduced to its outer bounds: the earliest start and the latest end. A year-only
     * birth date is written 1 Jan .. 31 Dec of that year, a range "1955 to 1957" 1 Jan 1955 .. 31 Dec 1957.
     */
    record Period(Day from, Day to, boolean approximate) {
    }

    record Day(int year, int month, int day) {
    }

    /** An IDRegDocument: a passport, tax id, registration number, IMO number, ... of an identity. */
    record Document(String identityId, String typeId, @Nullable String number, @Nullable String issuedByCountryId,
                    boolean fraudulent) {
    }

    /** A SanctionsEntry: on which list a profile is, since when, under which program tags. */
    record Entry(String profileId, String listId, @Nullable Day date, List<String> programs) {
    }
}
