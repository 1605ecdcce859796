package dev.quipu.sanctions.lists;

import org.w3c.dom.Document;
import org.w3c.dom.Element;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.StringJoiner;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * UK Sanctions List (FCDO) XML: {@code Designations/Designation}. {@code Name6} is the family or
 * organisation name, {@code Name1..5} given names; {@code AliasStrength} "Low quality" is weak;
 * dates are {@code dd/mm/yyyy} with literal {@code dd}/{@code mm} placeholders for unknown parts.
 * Designations without a UniqueID are skipped (they cannot be referred to).
 */
public final class UkXmlParser {

    private static final Pattern UK_DATE = Pattern.compile("(\\d{2}|dd)/(\\d{2}|mm)/(\\d{4})");

    public record Parsed(String dateGenerated, List<Entity> entities, int skipped) {
    }

    public Parsed parse(byte[] xml) {
        Document doc = Xml.parse(xml);
        Element root = doc.getDocumentElement();
        if (!root.getTagName().equals("Designations")) {
            throw new ListFormatException("not a UK Sanctions List: root " + root.getTagName());
        }
        List<Entity> out = new ArrayList<>();
        int skipped = 0;
        for (Element d : Xml.children(root, "Designation")) {
            String id = Xml.text(d, "UniqueID");
            if (id == null) {
                skipped++;
                continue;
            }
            out.add(entity(id, d));
        }
        return new Parsed(Xml.attr(root, "dateGenerated"), out, skipped);
    }

    private Entity entity(String id, Element d) {
        String kind = Xml.text(d, "IndividualEntityShip");
        EntityType type = kind == null ? EntityType.UNKNOWN : switch (kind.toLowerCase(Locale.ROOT)) {
            case "individual" -> EntityType.PERSON;
            case "entity" -> EntityType.ORGANIZATION;
            case "ship" -> EntityType.VESSEL;
            default -> EntityType.UNKNOWN;
        };
        List<EntityName> names = new ArrayList<>();
        for (Element names0 : Xml.children(d, "Names")) {
            for (Element n : Xml.children(names0, "Name")) {
                StringJoiner given = new StringJoiner(" ");
                for (String slot : List.of("Name1", "Name2", "Name3", "Name4", "Name5")) {
                    String v = Xml.text(n, slot);
                    if (v != null) {
                        given.add(v);
                    }
                }
                String family = Xml.text(n, "Name6");
                String full = given.length() == 0 ? family : family == null ? given.toString() : given + " " + family;
                if (full == null) {
                    continue;
                }
                String nameType = Xml.text(n, "NameType");
                boolean primary = nameType != null && nameType.toLowerCase(Locale.ROOT).startsWith("primary");
                String strength = Xml.text(n, "AliasStrength");
                boolean weak = strength != null && strength.toLowerCase(Locale.ROOT).startsWith("low");
                EntityName name = new EntityName(full, primary ? EntityName.Kind.PRIMARY : EntityName.Kind.AKA,
                        weak ? EntityName.Strength.WEAK : EntityName.Strength.STRONG,
                        given.length() == 0 || family == null || type != EntityType.PERSON ? null : given.toString(),
                        given.length() == 0 || type != EntityType.PERSON ? null : family);
                if (primary) {
                    names.add(0, name);
                } else {
                    names.add(name);
                }
            }
        }
        for (String nonLatin : Xml.texts(d, "NameNonLatinScript")) {
            names.add(new EntityName(nonLatin, EntityName.Kind.ORIGINAL_SCRIPT, EntityName.Strength.STRONG, null, null));
        }
        List<CountryRef> countries = new ArrayList<>();
        for (String n : Xml.texts(d, "Nationality")) {
            Countries.code(n).ifPresent(c -> countries.add(new CountryRef(c, CountryRef.Role.NATIONALITY)));
        }
        for (String n : Xml.texts(d, "AddressCountry")) {
            Countries.code(n).ifPresent(c -> countries.add(new CountryRef(c, CountryRef.Role.ADDRESS)));
        }
        for (String n : Xml.texts(d, "CurrentBelievedFlagOfShip")) {
            Countries.code(n).ifPresent(c -> countries.add(new CountryRef(c, CountryRef.Role.FLAG)));
        }
        List<String> pobs = new ArrayList<>();
        for (Element loc : Xml.all(d, "Location")) {
            String town = Xml.text(loc, "TownOfBirth");
            String country = Xml.text(loc, "CountryOfBirth");
            pobs.add(String.join(", ", java.util.stream.Stream.of(town, country).filter(java.util.Objects::nonNull).toList()));
            Countries.code(country).ifPresent(c -> countries.add(new CountryRef(c, CountryRef.Role.BIRTH)));
        }
        List<BirthDate> dobs = new ArrayList<>();
        for (String dob : Xml.texts(d, "DOB")) {
            date(dob).map(BirthDate::exact).filter(b -> !dobs.contains(b)).ifPresent(dobs::add);
        }
        List<Identifier> ids = new ArrayList<>();
        for (String p : Xml.texts(d, "PassportNumber")) {
            ids.add(Identifier.of("Passport", p, null));
        }
        for (String p : Xml.texts(d, "NationalIdentifierNumber")) {
            ids.add(Identifier.of("National Identifier", p, null));
        }
        for (String p : Xml.texts(d, "IMONumber")) {
            ids.add(Identifier.of("IMO", p, null));
        }
        for (String p : Xml.texts(d, "BusinessRegistrationNumber")) {
            ids.add(Identifier.of("Business Registration Number", p, null));
        }
        String un = Xml.text(d, "UNReferenceNumber");
        if (un != null) {
            ids.add(Identifier.of("UN Reference Number", un, null));
        }
        List<String> programs = new ArrayList<>();
        String regime = Xml.text(d, "RegimeName");
        if (regime != null) {
            programs.add(regime);
        }
        String gender = null;
        for (String g : Xml.texts(d, "Gender")) {
            gender = g.toLowerCase(Locale.ROOT);
        }
        return new Entity("UK:" + id, ListId.UK, id, type, names, dobs, countries.stream().distinct().toList(), ids,
                List.of(), programs, date(Xml.text(d, "DateDesignated")).map(PartialDate::toString).orElse(null), gender, pobs);
    }

    /** "12/11/1967" full; "dd/mm/1968" year only; "dd/05/1968" month and year. */
    static Optional<PartialDate> date(String text) {
        if (text == null) {
            return Optional.empty();
        }
        Matcher m = UK_DATE.matcher(text.trim());
        if (!m.matches()) {
            return Optional.empty();
        }
        Integer month = m.group(2).equals("mm") || m.group(2).equals("00") ? null : Integer.valueOf(m.group(2));
        Integer day = month == null || m.group(1).equals("dd") || m.group(1).equals("00") ? null : Integer.valueOf(m.group(1));
        return Optional.of(new PartialDate(Integer.parseInt(m.group(3)), month, day));
    }
}
