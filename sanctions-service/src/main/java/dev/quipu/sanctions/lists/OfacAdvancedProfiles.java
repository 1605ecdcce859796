package dev.quipu.sanctions.lists;

import dev.quipu.sanctions.lists.OfacAdvancedModel.Alias;
import dev.quipu.sanctions.lists.OfacAdvancedModel.Day;
import dev.quipu.sanctions.lists.OfacAdvancedModel.Document;
import dev.quipu.sanctions.lists.OfacAdvancedModel.DocumentedName;
import dev.quipu.sanctions.lists.OfacAdvancedModel.Entry;
import dev.quipu.sanctions.lists.OfacAdvancedModel.Feature;
import dev.quipu.sanctions.lists.OfacAdvancedModel.NamePart;
import dev.quipu.sanctions.lists.OfacAdvancedModel.Party;
import dev.quipu.sanctions.lists.OfacAdvancedModel.Period;
import dev.quipu.sanctions.wallets.WalletAddress;
import io.micronaut.core.annotation.Nullable;

import java.time.DateTimeException;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Maps the parties of an Advanced XML file onto {@link Entity}: the primary alias first, a.k.a. /
 * f.k.a. / n.k.a. aliases after it (LowQuality ones weak), other scripts as original-script names;
 * birth dates, places of birth, nationality, citizenship, address, registration and flag countries,
 * gender, digital-currency addresses and a few identifying features from the Features; documents from
 * IDRegDocuments; program tags and listing date from the SanctionsEntries.
 */
final class OfacAdvancedProfiles {

    private static final String WALLET = "Digital Currency Address - ";
    /** Features that identify a party the way a document number does (OFAC's CSV prints them as such). */
    private static final Set<String> IDENTIFYING_FEATURES = Set.of("SWIFT/BIC", "D-U-N-S Number",
            "Aircraft Manufacturer's Serial Number (MSN)", "Aircraft Tail Number", "Previous Aircraft Tail Number");

    private final ListId list;
    private final OfacAdvancedReader file;
    private final OfacAdvancedReferences refs;
    private final String latinScript;
    private final String sdnList;

    OfacAdvancedProfiles(ListId list, OfacAdvancedReader file) {
        this.list = list;
        this.file = file;
        this.refs = file.references;
        this.latinScript = refs.idOf("Script", "Latin");
        this.sdnList = refs.idOf("List", "SDN List");
    }

    List<Entity> entities() {
        Map<String, List<Document>> documents = new HashMap<>();
        for (Document d : file.documents) {
            documents.computeIfAbsent(d.identityId(), k -> new ArrayList<>(2)).add(d);
        }
        Map<String, List<Entry>> entries = new HashMap<>();
        for (Entry e : file.entries) {
            entries.computeIfAbsent(e.profileId(), k -> new ArrayList<>(1)).add(e);
        }
        List<Entity> out = new ArrayList<>(file.parties.size());
        for (Party p : file.parties) {
            List<Document> docs = new ArrayList<>();
            for (String identity : p.identityIds()) {
                docs.addAll(documents.getOrDefault(identity, List.of()));
            }
            out.add(entity(p, docs, entries.getOrDefault(p.profileId(), List.of())));
        }
        return out;
    }

    private Entity entity(Party p, List<Document> docs, List<Entry> entries) {
        EntityType type = refs.type(p.partySubTypeId());
        List<BirthDate> dobs = new ArrayList<>();
        List<String> pobs = new ArrayList<>();
        List<CountryRef> countries = new ArrayList<>();
        List<Identifier> ids = new ArrayList<>();
        List<WalletAddress> wallets = new ArrayList<>();
        String gender = null;
        for (Feature f : p.features()) {
            String t = refs.value("FeatureType", f.featureTypeId());
            if (t == null) {
                continue;
            }
            switch (t) {
                case "Birthdate" -> birthDate(f.period()).ifPresent(dobs::add);
                case "Place of Birth" -> {
                    if (f.text() != null) {
                        pobs.add(f.text());
                        String last = f.text().substring(f.text().lastIndexOf(',') + 1);
                        Countries.code(last).ifPresent(c -> countries.add(new CountryRef(c, CountryRef.Role.BIRTH)));
                    }
                }
                case "Nationality Country" -> located(f, CountryRef.Role.NATIONALITY, countries);
                case "Citizenship Country" -> located(f, CountryRef.Role.CITIZENSHIP, countries);
                case "Location" -> located(f, CountryRef.Role.ADDRESS, countries);
                case "Registration Country", "Nationality of Registration" -> located(f, CountryRef.Role.REGISTRATION, countries);
                case "Vessel Flag", "Other Vessel Flag" ->
                        Countries.code(f.text()).ifPresent(c -> countries.add(new CountryRef(c, CountryRef.Role.FLAG)));
                case "Gender" -> {
                    String g = refs.value("DetailReference", f.detailReferenceId());
                    gender = g == null ? gender : g.toLowerCase(Locale.ROOT);
                }
                default -> {
                    if (f.text() != null && t.startsWith(WALLET)) {
                        wallets.add(WalletAddress.of(t.substring(WALLET.length()).trim(), f.text()));
                    } else if (f.text() != null && IDENTIFYING_FEATURES.contains(t)) {
                        ids.add(Identifier.of(t, f.text(), null));
                    }
                }
            }
        }
        for (Document d : docs) {
            String docType = refs.value("IDRegDocType", d.typeId());
            if (d.number() != null && docType != null) {
                // a fraudulent passport still identifies whoever travels on it; the type says what it is
                ids.add(Identifier.of(d.fraudulent() ? docType + " (fraudulent)" : docType, d.number(),
                        refs.countryIso(d.issuedByCountryId())));
            }
        }
        Set<String> programs = new LinkedHashSet<>();
        for (Entry e : entries) {
            programs.addAll(e.programs());
        }
        // listed on: the date of the SDN List entry (a profile also on, say, the SSI list has two entries)
        Day listed = earliest(entries, true);
        if (listed == null) {
            listed = earliest(entries, false);
        }
        return new Entity(list.name() + ":" + p.fixedRef(), list, p.fixedRef(), type, names(p, type), dobs,
                countries.stream().distinct().toList(), ids, wallets, List.copyOf(programs),
                listed == null ? null : partial(listed).toString(), gender, pobs);
    }

    private void located(Feature f, CountryRef.Role role, List<CountryRef> countries) {
        String iso = refs.countryIso(file.locationCountry.get(f.locationId()));
        if (iso != null) {
            countries.add(new CountryRef(iso, role));
        }
    }

    /** The primary alias first (its Latin-script form, then its other scripts), then the others in file order. */
    private List<EntityName> names(Party p, EntityType type) {
        List<EntityName> out = new ArrayList<>(p.aliases().size() + 1);
        for (boolean primaryPass : new boolean[]{true, false}) {
            for (Alias a : p.aliases()) {
                if (a.primary() != primaryPass || a.names().isEmpty()) {
                    continue;
                }
                EntityName.Kind kind = a.primary() ? EntityName.Kind.PRIMARY : kind(refs.value("AliasType", a.aliasTypeId()));
                EntityName.Strength strength = a.lowQuality() ? EntityName.Strength.WEAK : EntityName.Strength.STRONG;
                int main = 0;
                for (int i = 0; i < a.names().size(); i++) {
                    if (latin(a.names().get(i))) {
                        main = i;
                        break;
                    }
                }
                out.add(compose(a.names().get(main), p.namePartTypes(), type, kind, strength));
                for (int i = 0; i < a.names().size(); i++) {
                    if (i != main && !a.names().get(i).parts().isEmpty()) {
                        out.add(new EntityName(joined(a.names().get(i).parts()), EntityName.Kind.ORIGINAL_SCRIPT, strength,
                                null, null));
                    }
                }
            }
        }
        return out;
    }

    private boolean latin(DocumentedName n) {
        return latinScript == null || n.parts().stream().allMatch(part -> latinScript.equals(part.scriptId()));
    }

    /**
     * Individuals as OFAC prints them, "FAMILY, Given": family = last names, then the patronymic and
     * matronymic surnames of Spanish-style names; given = first and middle names (and a Russian-style
     * patronymic, which OFAC types "Patronymic" next to a "Last Name"). Checked against the May 2024
     * sdn.csv: 6,404 of the 6,408 individuals in both print the same (the other 4 were renamed).
     */
    private EntityName compose(DocumentedName n, Map<String, String> partTypes, EntityType type, EntityName.Kind kind,
                               EntityName.Strength strength) {
        if (type != EntityType.PERSON) {
            return new EntityName(joined(n.parts()), kind, strength, null, null);
        }
        List<String> types = n.parts().stream().map(part -> refs.value("NamePartType", partTypes.get(part.groupId()))).toList();
        boolean hasLast = types.contains("Last Name");
        List<String> last = new ArrayList<>();
        List<String> patronymic = new ArrayList<>();
        List<String> matronymic = new ArrayList<>();
        List<String> given = new ArrayList<>();
        for (int i = 0; i < types.size(); i++) {
            String v = n.parts().get(i).value();
            String t = types.get(i) == null ? "" : types.get(i);
            switch (t) {
                case "Last Name" -> last.add(v);
                case "Patronymic" -> (hasLast ? given : patronymic).add(v);
                case "Matronymic" -> matronymic.add(v);
                default -> given.add(v);
            }
        }
        last.addAll(patronymic);
        last.addAll(matronymic);
        String family = String.join(" ", last).toUpperCase(Locale.ROOT);
        String givenNames = String.join(" ", given);
        if (family.isEmpty()) {
            return new EntityName(givenNames, kind, strength, null, null);
        }
        if (givenNames.isEmpty()) {
            return new EntityName(family, kind, strength, null, null);
        }
        return new EntityName(family + ", " + givenNames, kind, strength, givenNames, family);
    }

    private static String joined(List<NamePart> parts) {
        StringBuilder s = new StringBuilder();
        for (NamePart p : parts) {
            if (s.length() > 0) {
                s.append(' ');
            }
            s.append(p.value());
        }
        return s.toString();
    }

    private static EntityName.Kind kind(@Nullable String aliasType) {
        if (aliasType == null) {
            return EntityName.Kind.AKA;
        }
        return switch (aliasType.toUpperCase(Locale.ROOT)) {
            case "F.K.A." -> EntityName.Kind.FKA;
            case "N.K.A." -> EntityName.Kind.NKA;
            default -> EntityName.Kind.AKA;
        };
    }

    /**
     * A date period as a birth date: one day; a year (1 Jan .. 31 Dec); a month (1st .. last day); or
     * a range of years, months or days. Approximate periods are "circa".
     */
    static Optional<BirthDate> birthDate(@Nullable Period p) {
        if (p == null) {
            return Optional.empty();
        }
        Day lo = p.from();
        Day hi = p.to();
        PartialDate from;
        PartialDate to;
        if (lo.equals(hi)) {
            from = partial(lo);
            to = from;
        } else if (lo.month() == 1 && lo.day() == 1 && hi.month() == 12 && hi.day() == 31) {
            from = PartialDate.ofYear(lo.year());
            to = PartialDate.ofYear(hi.year());
        } else if (lo.day() == 1 && hi.day() == lastDay(hi)) {
            from = new PartialDate(lo.year(), lo.month() > 0 ? lo.month() : null, null);
            to = new PartialDate(hi.year(), hi.month() > 0 ? hi.month() : null, null);
        } else {
            from = partial(lo);
            to = partial(hi);
        }
        return Optional.of(new BirthDate(from, to, p.approximate()));
    }

    private static PartialDate partial(Day d) {
        boolean month = d.month() >= 1 && d.month() <= 12;
        return new PartialDate(d.year(), month ? d.month() : null, month && d.day() >= 1 && d.day() <= 31 ? d.day() : null);
    }

    private static int lastDay(Day d) {
        try {
            return YearMonth.of(d.year(), d.month()).lengthOfMonth();
        } catch (DateTimeException e) {
            return -2;
        }
    }

    @Nullable
    private Day earliest(List<Entry> entries, boolean sdnOnly) {
        Day best = null;
        for (Entry e : entries) {
            boolean sdn = e.listId() != null && e.listId().equals(sdnList);
            if (e.date() != null && (sdn || !sdnOnly) && (best == null || before(e.date(), best))) {
                best = e.date();
            }
        }
        return best;
    }

    private static boolean before(Day a, Day b) {
        if (a.year() != b.year()) {
            return a.year() < b.year();
        }
        return a.month() != b.month() ? a.month() < b.month() : a.day() < b.day();
    }
}
