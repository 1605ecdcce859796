package dev.quipu.sanctions.lists;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The OFAC CSV quartet (sdn.csv/add.csv/alt.csv/sdn_comments.csv, or the non-SDN CONS_* files, same
 * layout): no header, null written {@code -0-}. Comments are the overflow of Remarks beyond 1,000
 * characters and are appended before the remarks are read, because that is where most
 * digital-currency addresses live.
 */
public final class OfacCsvParser {

    private static final java.util.regex.Pattern PROGRAM_SEPARATOR = java.util.regex.Pattern.compile("\\]\\s*\\[");

    private final ListId list;

    public OfacCsvParser(ListId list) {
        this.list = list;
    }

    /**
     * @param primary  sdn.csv / cons_prim.csv text (required)
     * @param aliases  alt.csv text or null
     * @param addresses add.csv text or null
     * @param comments sdn_comments.csv text or null
     */
    public List<Entity> parse(String primary, String aliases, String addresses, String comments) {
        Map<String, StringBuilder> extra = new HashMap<>();
        if (comments != null) {
            for (List<String> row : Csv.parse(comments, ',')) {
                String v = Csv.ofacValue(row, 1);
                if (row.size() >= 2 && v != null) {
                    extra.computeIfAbsent(row.get(0).trim(), k -> new StringBuilder()).append(row.get(1));
                }
            }
        }
        Map<String, List<List<String>>> alts = group(aliases);
        Map<String, List<List<String>>> adds = group(addresses);
        Map<String, Entity> out = new LinkedHashMap<>();
        for (List<String> row : Csv.parse(primary, ',')) {
            if (row.size() < 4) {
                continue;
            }
            String ent = row.get(0).trim();
            String name = Csv.ofacValue(row, 1);
            if (name == null || ent.isEmpty()) {
                continue;
            }
            EntityType type = type(Csv.ofacValue(row, 2));
            List<String> programs = programs(Csv.ofacValue(row, 3));
            String remarks = Csv.ofacValue(row, 11);
            StringBuilder more = extra.get(ent);
            if (more != null) {
                remarks = (remarks == null ? "" : remarks) + more;
            }
            OfacRemarks.Facts facts = OfacRemarks.parse(remarks);
            List<EntityName> names = new ArrayList<>();
            names.add(name(name, type, EntityName.Kind.PRIMARY, EntityName.Strength.STRONG));
            for (List<String> alt : alts.getOrDefault(ent, List.of())) {
                String altName = Csv.ofacValue(alt, 3);
                if (altName != null) {
                    names.add(name(altName, type, kind(Csv.ofacValue(alt, 2)), EntityName.Strength.STRONG));
                }
            }
            for (String weak : facts.weakAliases()) {
                names.add(new EntityName(weak, EntityName.Kind.AKA, EntityName.Strength.WEAK, null, null));
            }
            List<CountryRef> countries = new ArrayList<>(facts.countries());
            for (List<String> add : adds.getOrDefault(ent, List.of())) {
                Countries.code(Csv.ofacValue(add, 4))
                        .ifPresent(c -> countries.add(new CountryRef(c, CountryRef.Role.ADDRESS)));
            }
            Countries.code(Csv.ofacValue(row, 9)).ifPresent(c -> countries.add(new CountryRef(c, CountryRef.Role.FLAG)));
            out.put(ent, new Entity(list.name() + ":" + ent, list, ent, type, names, facts.birthDates(),
                    countries.stream().distinct().toList(), facts.identifiers(), facts.wallets(), programs, null,
                    facts.gender(), facts.placesOfBirth()));
        }
        return List.copyOf(out.values());
    }

    private static Map<String, List<List<String>>> group(String text) {
        Map<String, List<List<String>>> byEnt = new HashMap<>();
        if (text != null) {
            for (List<String> row : Csv.parse(text, ',')) {
                if (!row.isEmpty()) {
                    byEnt.computeIfAbsent(row.get(0).trim(), k -> new ArrayList<>()).add(row);
                }
            }
        }
        return byEnt;
    }

    static EntityType type(String sdnType) {
        if (sdnType == null) {
            return EntityType.ORGANIZATION;
        }
        return switch (sdnType.toLowerCase(Locale.ROOT)) {
            case "individual" -> EntityType.PERSON;
            case "vessel" -> EntityType.VESSEL;
            case "aircraft" -> EntityType.AIRCRAFT;
            default -> EntityType.ORGANIZATION;
        };
    }

    static List<String> programs(String field) {
        if (field == null) {
            return List.of();
        }
        return Arrays.stream(PROGRAM_SEPARATOR.split(field)).map(p -> p.replace("[", "").replace("]", "").trim())
                .filter(p -> !p.isEmpty()).toList();
    }

    private static EntityName.Kind kind(String altType) {
        if (altType == null) {
            return EntityName.Kind.AKA;
        }
        return switch (altType.toLowerCase(Locale.ROOT).replace(".", "")) {
            case "fka" -> EntityName.Kind.FKA;
            case "nka" -> EntityName.Kind.NKA;
            default -> EntityName.Kind.AKA;
        };
    }

    /** Individuals are written "SURNAME, Given Names"; keep both halves so order can be aligned. */
    static EntityName name(String full, EntityType type, EntityName.Kind kind, EntityName.Strength strength) {
        if (type == EntityType.PERSON) {
            int comma = full.indexOf(',');
            if (comma > 0 && full.indexOf(',', comma + 1) < 0) {
                String family = full.substring(0, comma).trim();
                String given = full.substring(comma + 1).trim();
                if (!given.isEmpty()) {
                    return new EntityName(full, kind, strength, given, family);
                }
            }
        }
        return new EntityName(full, kind, strength, null, null);
    }
}
