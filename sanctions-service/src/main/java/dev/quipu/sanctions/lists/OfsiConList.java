package dev.quipu.sanctions.lists;

import io.micronaut.core.annotation.Nullable;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The rows of OFSI's Consolidated List of Financial Sanctions Targets (retired 28 Jan 2026), read
 * from ConList.csv ({@link OfsiCsvParser}) or ConList.xlsx ({@link OfsiXlsxParser}): one row per
 * name variant, grouped by {@code Group ID}. Columns are found by header name, so the optional
 * {@code Last Updated | dd/mm/yyyy} first row, the 2022 format's extra columns and a stray leading
 * empty header column (as in the bundled 2020 fragment) do not shift fields.
 */
public final class OfsiConList {

    private static final Pattern NUMBERED = Pattern.compile("\\(\\d+\\)");
    private static final Pattern PASSPORT_IN_TEXT = Pattern.compile("(?:Passport|number|No)[:.]?\\s*(?:No[:.]?\\s*)?([A-Z0-9]{5,})");
    private static final Pattern GENDER = Pattern.compile("\\(Gender\\):\\s*(Male|Female)", Pattern.CASE_INSENSITIVE);

    /**
     * @param lastUpdated the list's own date ({@code Last Updated} first row), ISO, when it states one
     */
    public record Parsed(@Nullable String lastUpdated, List<Entity> entities) {
    }

    public Parsed parse(List<List<String>> rows) {
        int headerAt = -1;
        for (int i = 0; i < Math.min(rows.size(), 3); i++) {
            if (rows.get(i).stream().anyMatch(c -> c != null && c.trim().equals("Group ID"))) {
                headerAt = i;
                break;
            }
        }
        if (headerAt < 0) {
            throw new ListFormatException("not an OFSI Consolidated List: no header with 'Group ID'");
        }
        String lastUpdated = null;
        if (headerAt > 0 && rows.get(0).size() > 1 && "Last Updated".equals(trim(rows.get(0).get(0)))) {
            lastUpdated = UkXmlParser.date(trim(rows.get(0).get(1))).map(PartialDate::toString).orElse(null);
        }
        List<String> header = new ArrayList<>(rows.get(headerAt));
        if (headerAt + 1 < rows.size() && header.size() == rows.get(headerAt + 1).size() + 1 && header.get(0).isBlank()) {
            header.remove(0);
        }
        Map<String, Integer> col = new HashMap<>();
        for (int i = 0; i < header.size(); i++) {
            col.put(trim(header.get(i)), i);
        }
        Map<String, List<List<String>>> groups = new LinkedHashMap<>();
        for (List<String> row : rows.subList(headerAt + 1, rows.size())) {
            String g = cell(row, col, "Group ID");
            if (g != null) {
                groups.computeIfAbsent(g, k -> new ArrayList<>()).add(row);
            }
        }
        List<Entity> out = new ArrayList<>();
        for (Map.Entry<String, List<List<String>>> g : groups.entrySet()) {
            out.add(entity(g.getKey(), g.getValue(), col));
        }
        return new Parsed(lastUpdated, out);
    }

    private Entity entity(String groupId, List<List<String>> rows, Map<String, Integer> col) {
        String groupType = cell(rows.get(0), col, "Group Type");
        EntityType type = groupType == null ? EntityType.UNKNOWN : switch (groupType.toLowerCase(Locale.ROOT)) {
            case "individual" -> EntityType.PERSON;
            case "entity" -> EntityType.ORGANIZATION;
            case "ship" -> EntityType.VESSEL;
            default -> EntityType.UNKNOWN;
        };
        List<EntityName> names = new ArrayList<>();
        List<BirthDate> dobs = new ArrayList<>();
        List<CountryRef> countries = new ArrayList<>();
        List<String> pobs = new ArrayList<>();
        List<String> programs = new ArrayList<>();
        List<Identifier> ids = new ArrayList<>();
        String listedOn = null;
        String gender = null;
        for (List<String> row : rows) {
            name(row, col, type, names);
            String nonLatin = cell(row, col, "Name Non-Latin Script");
            if (nonLatin != null && names.stream().noneMatch(n -> n.full().equals(nonLatin))) {
                names.add(new EntityName(nonLatin, EntityName.Kind.ORIGINAL_SCRIPT, EntityName.Strength.STRONG, null, null));
            }
            UkXmlParser.date(cell(row, col, "DOB")).map(BirthDate::exact).filter(b -> !dobs.contains(b)).ifPresent(dobs::add);
            String nat = cell(row, col, "Nationality");
            if (nat != null) {
                for (String part : nat.split("\\(?\\d\\)")) {
                    Countries.code(part.trim()).ifPresent(c -> countries.add(new CountryRef(c, CountryRef.Role.NATIONALITY)));
                }
            }
            Countries.code(cell(row, col, "Country")).ifPresent(c -> countries.add(new CountryRef(c, CountryRef.Role.ADDRESS)));
            String cob = cell(row, col, "Country of Birth");
            if (cob != null) {
                for (String part : numbered(cob)) { // "(1) Afghanistan (2) Pakistan"
                    Countries.code(part).ifPresent(c -> countries.add(new CountryRef(c, CountryRef.Role.BIRTH)));
                }
            }
            String town = cell(row, col, "Town of Birth");
            if (town != null || cob != null) {
                String p = String.join(", ", Stream.of(town, cob).filter(Objects::nonNull).toList());
                if (!pobs.contains(p)) {
                    pobs.add(p);
                }
            }
            String regime = cell(row, col, "Regime");
            if (regime != null && !programs.contains(regime)) {
                programs.add(regime);
            }
            if (listedOn == null) {
                listedOn = UkXmlParser.date(cell(row, col, "Listed On")).map(PartialDate::toString).orElse(null);
            }
            identifiers(row, col, ids);
            Matcher g = GENDER.matcher(Optional.ofNullable(cell(row, col, "Other Information")).orElse(""));
            if (gender == null && g.find()) {
                gender = g.group(1).toLowerCase(Locale.ROOT);
            }
        }
        if (names.isEmpty()) {
            names.add(EntityName.primary(groupId));
        }
        return new Entity("UK:OFSI-" + groupId, ListId.UK, "OFSI-" + groupId, type, names, dobs,
                countries.stream().distinct().toList(), ids.stream().distinct().toList(), List.of(), programs, listedOn,
                gender, pobs);
    }

    /** Name 1..5 are given names, Name 6 the family or organisation name; the first "Primary name" row is the primary. */
    private static void name(List<String> row, Map<String, Integer> col, EntityType type, List<EntityName> names) {
        List<String> given = new ArrayList<>();
        for (String slot : List.of("Name 1", "Name 2", "Name 3", "Name 4", "Name 5")) {
            String v = cell(row, col, slot);
            if (v != null) {
                given.add(v);
            }
        }
        String family = cell(row, col, "Name 6");
        String full = String.join(" ", given) + (family == null ? "" : (given.isEmpty() ? "" : " ") + family);
        if (full.isBlank() || names.stream().anyMatch(x -> x.full().equals(full.trim()))) {
            return;
        }
        String aliasType = Optional.ofNullable(cell(row, col, "Alias Type")).orElse("").toLowerCase(Locale.ROOT);
        String quality = Optional.ofNullable(cell(row, col, "Alias Quality")).orElse("").toLowerCase(Locale.ROOT);
        boolean primary = aliasType.startsWith("prim") && !aliasType.contains("variation")
                && names.stream().noneMatch(n -> n.kind() == EntityName.Kind.PRIMARY);
        EntityName.Kind kind = primary ? EntityName.Kind.PRIMARY : aliasType.equals("fka") ? EntityName.Kind.FKA : EntityName.Kind.AKA;
        EntityName n = new EntityName(full.trim(), kind,
                quality.startsWith("low") ? EntityName.Strength.WEAK : EntityName.Strength.STRONG,
                type == EntityType.PERSON && !given.isEmpty() && family != null ? String.join(" ", given) : null,
                type == EntityType.PERSON && !given.isEmpty() ? family : null);
        if (primary) {
            names.add(0, n);
        } else {
            names.add(n);
        }
    }

    /**
     * Passport and national identity numbers: the 2022 format has number columns ("(1) 223611 (2)
     * C00146605"); the legacy CSV only "Passport Details" prose.
     */
    private static void identifiers(List<String> row, Map<String, Integer> col, List<Identifier> ids) {
        String passports = cell(row, col, "Passport Number");
        String nationalIds = cell(row, col, "National Identification Number");
        if (passports != null) {
            numbered(passports).forEach(p -> ids.add(Identifier.of("Passport", p, null)));
        } else if (cell(row, col, "Passport Details") != null) {
            Matcher m = PASSPORT_IN_TEXT.matcher(cell(row, col, "Passport Details"));
            while (m.find()) {
                ids.add(Identifier.of("Passport", m.group(1), null));
            }
        }
        if (nationalIds != null) {
            numbered(nationalIds).forEach(p -> ids.add(Identifier.of("National Identification Number", p, null)));
        }
    }

    private static List<String> numbered(String text) {
        return Stream.of(NUMBERED.split(text)).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }

    private static String cell(List<String> row, Map<String, Integer> col, String name) {
        Integer i = col.get(name);
        if (i == null || i >= row.size()) {
            return null;
        }
        return trim(row.get(i));
    }

    private static String trim(String v) {
        if (v == null) {
            return null;
        }
        String t = v.trim();
        return t.isEmpty() ? null : t;
    }
}
