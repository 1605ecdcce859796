package dev.quipu.sanctions.lists;

import io.micronaut.core.annotation.Nullable;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The UK list served: the FCDO UK Sanctions List is the list of record (its designations, ids,
 * regimes, types and designation dates); OFSI's Consolidated List adds what the FCDO summary lacks
 * (aliases, non-Latin names, birth dates, nationalities, passports, addresses' countries, gender)
 * where the FCDO row's {@code OFSI Group ID} is an OFSI {@code Group ID}.
 *
 * <p>OFSI targets that no FCDO designation refers to were most likely delisted after OFSI's file
 * was published; they cannot be told apart from an FCDO omission with these two files alone, so
 * they are still served (screening errs towards a reviewed hit, not a missed one), as
 * {@code UK:OFSI-<group id>} and with a program entry saying they come from the OFSI list only.
 */
final class UkListJoin {

    /**
     * The UK entities, and how many FCDO designations got OFSI details, kept their own name only,
     * were left out (no name in either file) or OFSI targets were added.
     */
    record Joined(List<Entity> entities, int joined, int fcdoOnly, int unnamed, int ofsiOnly) {
    }

    private UkListJoin() {
    }

    /** @param ofsiOnlyMarker the program entry that marks OFSI-only targets */
    static Joined join(List<FcdoOdsParser.Designation> fcdo, List<Entity> ofsi, String ofsiOnlyMarker) {
        Map<String, Entity> byGroup = new HashMap<>();
        for (Entity e : ofsi) {
            byGroup.put(e.sourceId().substring("OFSI-".length()), e);
        }
        Set<String> used = new HashSet<>();
        List<Entity> out = new ArrayList<>(fcdo.size() + 32);
        int joined = 0;
        int unnamed = 0;
        for (FcdoOdsParser.Designation d : fcdo) {
            Entity details = d.ofsiGroupId() == null ? null : byGroup.get(d.ofsiGroupId());
            if (details != null) {
                out.add(merge(d, details));
                used.add(d.ofsiGroupId());
                joined++;
            } else if (d.name() != null) {
                out.add(new Entity("UK:" + d.uniqueId(), ListId.UK, d.uniqueId(), d.type(), List.of(EntityName.primary(d.name())),
                        List.of(), List.of(), List.of(), List.of(), programs(d), d.listedOn(), null, List.of()));
            } else {
                unnamed++; // nothing to screen against
            }
        }
        int ofsiOnly = 0;
        for (Entity e : ofsi) {
            if (!used.contains(e.sourceId().substring("OFSI-".length()))) {
                List<String> programs = new ArrayList<>(e.programs());
                programs.add(ofsiOnlyMarker);
                out.add(new Entity(e.id(), e.list(), e.sourceId(), e.type(), e.names(), e.birthDates(), e.countries(),
                        e.identifiers(), e.wallets(), programs, e.listedOn(), e.gender(), e.placesOfBirth()));
                ofsiOnly++;
            }
        }
        return new Joined(out, joined, fcdo.size() - joined - unnamed, unnamed, ofsiOnly);
    }

    /** The FCDO designation with its own name first (when it has one), OFSI's other names after it, and OFSI's details. */
    private static Entity merge(FcdoOdsParser.Designation d, Entity details) {
        List<EntityName> names = new ArrayList<>(details.names().size() + 1);
        List<String> primaryWords = d.name() == null ? null : words(d.name());
        if (d.name() != null) {
            names.add(withParts(d.name(), details));
        }
        for (EntityName n : details.names()) {
            if (primaryWords != null && words(n.full()).equals(primaryWords)) {
                continue; // the FCDO name in OFSI's word order
            }
            // with an FCDO name of record, OFSI's primary becomes an alias
            names.add(primaryWords != null && n.kind() == EntityName.Kind.PRIMARY
                    ? new EntityName(n.full(), EntityName.Kind.AKA, n.strength(), n.given(), n.family()) : n);
        }
        EntityType type = d.type() == EntityType.UNKNOWN ? details.type() : d.type();
        return new Entity("UK:" + d.uniqueId(), ListId.UK, d.uniqueId(), type, names, details.birthDates(),
                details.countries(), details.identifiers(), details.wallets(), programs(d),
                d.listedOn() != null ? d.listedOn() : details.listedOn(), details.gender(), details.placesOfBirth());
    }

    private static List<String> programs(FcdoOdsParser.Designation d) {
        return d.regime() == null ? List.of() : List.of(d.regime());
    }

    /**
     * FCDO prints individuals "FAMILY Given" in one string; OFSI's name with the same words tells
     * which are the family name, so the matcher can align given and family names.
     */
    private static EntityName withParts(String fcdoName, Entity details) {
        List<String> words = words(fcdoName);
        for (EntityName n : details.names()) {
            if (n.family() != null && n.given() != null && words(n.given() + " " + n.family()).equals(words)) {
                return new EntityName(fcdoName, EntityName.Kind.PRIMARY, EntityName.Strength.STRONG, n.given(), n.family());
            }
        }
        return EntityName.primary(fcdoName);
    }

    private static List<String> words(String s) {
        List<String> w = new ArrayList<>(List.of(key(s).split(" ")));
        w.sort(null);
        return w;
    }

    private static String key(@Nullable String s) {
        return s == null ? "" : s.trim().replaceAll("\\s+", " ").toUpperCase(Locale.ROOT);
    }
}
