package dev.quipu.sanctions.lists;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Legacy OFSI Consolidated List CSV (ConList.csv, retired 28 Jan 2026; accepted for history):
 * one row per name variant, grouped by {@code Group ID}. Columns are found by header name, so the
 * optional {@code Last Updated,dd/mm/yyyy} first line and a stray leading empty header column (as
 * in the bundled 2020 fragment) do not shift fields.
 */
public final class OfsiCsvParser {

    public List<Entity> parse(String text) {
        List<List<String>> rows = Csv.parse(text, ',');
        int headerAt = -1;
        for (int i = 0; i < Math.min(rows.size(), 3); i++) {
            if (rows.get(i).stream().anyMatch(c -> c.trim().equals("Group ID"))) {
                headerAt = i;
                break;
            }
        }
        if (headerAt < 0) {
            throw new ListFormatException("not an OFSI ConList.csv: no header with 'Group ID'");
        }
        List<String> header = new ArrayList<>(rows.get(headerAt));
        if (headerAt + 1 < rows.size() && header.size() == rows.get(headerAt + 1).size() + 1 && header.get(0).isBlank()) {
            header.remove(0);
        }
        Map<String, Integer> col = new HashMap<>();
        for (int i = 0; i < header.size(); i++) {
            col.put(header.get(i).trim(), i);
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
        return out;
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
        String listedOn = null;
        for (List<String> row : rows) {
            List<String> given = new ArrayList<>();
            for (String slot : List.of("Name 1", "Name 2", "Name 3", "Name 4", "Name 5")) {
                String v = cell(row, col, slot);
                if (v != null) {
                    given.add(v);
                }
            }
            String family = cell(row, col, "Name 6");
            String full = String.join(" ", given) + (family == null ? "" : (given.isEmpty() ? "" : " ") + family);
            if (!full.isBlank()) {
                String aliasType = Optional.ofNullable(cell(row, col, "Alias Type")).orElse("");
                String quality = Optional.ofNullable(cell(row, col, "Alias Quality")).orElse("");
                boolean primary = aliasType.toLowerCase(Locale.ROOT).startsWith("primary");
                EntityName n = new EntityName(full.trim(), primary ? EntityName.Kind.PRIMARY : EntityName.Kind.AKA,
                        quality.toLowerCase(Locale.ROOT).startsWith("low") ? EntityName.Strength.WEAK : EntityName.Strength.STRONG,
                        type == EntityType.PERSON && !given.isEmpty() && family != null ? String.join(" ", given) : null,
                        type == EntityType.PERSON && !given.isEmpty() ? family : null);
                if (names.stream().noneMatch(x -> x.full().equals(n.full()))) {
                    if (primary) {
                        names.add(0, n);
                    } else {
                        names.add(n);
                    }
                }
            }
            UkXmlParser.date(cell(row, col, "DOB")).map(BirthDate::exact).filter(b -> !dobs.contains(b)).ifPresent(dobs::add);
            String nat = cell(row, col, "Nationality");
            if (nat != null) {
                for (String part : nat.split("\\d\\)")) {
                    Countries.code(part.trim()).ifPresent(c -> countries.add(new CountryRef(c, CountryRef.Role.NATIONALITY)));
                }
            }
            Countries.code(cell(row, col, "Country")).ifPresent(c -> countries.add(new CountryRef(c, CountryRef.Role.ADDRESS)));
            String cob = cell(row, col, "Country of Birth");
            Countries.code(cob).ifPresent(c -> countries.add(new CountryRef(c, CountryRef.Role.BIRTH)));
            String town = cell(row, col, "Town of Birth");
            if ((town != null || cob != null)) {
                String p = String.join(", ", java.util.stream.Stream.of(town, cob).filter(java.util.Objects::nonNull).toList());
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
        }
        List<Identifier> ids = new ArrayList<>();
        String passport = cell(rows.get(0), col, "Passport Details");
        if (passport != null) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?:Passport|number|No)[:.]?\\s*(?:No[:.]?\\s*)?([A-Z0-9]{5,})")
                    .matcher(passport);
            while (m.find()) {
                ids.add(Identifier.of("Passport", m.group(1), null));
            }
        }
        if (names.isEmpty()) {
            names.add(EntityName.primary(groupId));
        }
        return new Entity("UK:OFSI-" + groupId, ListId.UK, "OFSI-" + groupId, type, names, dobs,
                countries.stream().distinct().toList(), ids, List.of(), programs, listedOn, null, pobs);
    }

    private static String cell(List<String> row, Map<String, Integer> col, String name) {
        Integer i = col.get(name);
        if (i == null || i >= row.size()) {
            return null;
        }
        String v = row.get(i).trim();
        return v.isEmpty() ? null : v;
    }
}
