package dev.quipu.sanctions.lists;

import org.w3c.dom.Document;
import org.w3c.dom.Element;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * EU Financial Sanctions File, XML 1.1 ({@code export} root). Names come from {@code nameAlias}
 * (whole name plus first/middle/last when given); {@code strong="false"} marks a weak alias; birth
 * dates may be full, year-only or a year range with {@code circa}.
 */
public final class EuXmlParser {

    public record Parsed(String generationDate, String globalFileId, List<Entity> entities) {
    }

    public Parsed parse(byte[] xml) {
        Document doc = Xml.parse(xml);
        Element root = doc.getDocumentElement();
        if (!root.getTagName().endsWith("export")) {
            throw new ListFormatException("not an EU FSF export: root " + root.getTagName());
        }
        List<Entity> out = new ArrayList<>();
        for (Element e : Xml.children(root, "sanctionEntity")) {
            out.add(entity(e));
        }
        return new Parsed(Xml.attr(root, "generationDate"), Xml.attr(root, "globalFileId"), out);
    }

    private Entity entity(Element e) {
        String id = Xml.attr(e, "logicalId");
        EntityType type = EntityType.UNKNOWN;
        for (Element st : Xml.children(e, "subjectType")) {
            String code = Xml.attr(st, "code");
            type = "person".equals(code) ? EntityType.PERSON : "enterprise".equals(code) ? EntityType.ORGANIZATION : type;
        }
        List<EntityName> names = new ArrayList<>();
        String gender = null;
        for (Element a : Xml.children(e, "nameAlias")) {
            String whole = Xml.attr(a, "wholeName");
            String first = Xml.attr(a, "firstName");
            String middle = Xml.attr(a, "middleName");
            String last = Xml.attr(a, "lastName");
            if (whole == null) {
                whole = String.join(" ", java.util.stream.Stream.of(first, middle, last)
                        .filter(java.util.Objects::nonNull).toList());
            }
            if (whole.isBlank()) {
                continue;
            }
            boolean weak = "false".equalsIgnoreCase(Xml.attr(a, "strong"));
            String given = first == null ? null : middle == null ? first : first + " " + middle;
            EntityName.Kind kind = names.isEmpty() ? EntityName.Kind.PRIMARY : EntityName.Kind.AKA;
            names.add(new EntityName(whole, kind, weak ? EntityName.Strength.WEAK : EntityName.Strength.STRONG,
                    last == null ? null : given, last));
            String g = Xml.attr(a, "gender");
            if (gender == null && g != null) {
                gender = g.equals("M") ? "male" : g.equals("F") ? "female" : null;
            }
        }
        List<CountryRef> countries = new ArrayList<>();
        for (Element c : Xml.children(e, "citizenship")) {
            iso(Xml.attr(c, "countryIso2Code")).ifPresent(x -> countries.add(new CountryRef(x, CountryRef.Role.CITIZENSHIP)));
        }
        for (Element c : Xml.children(e, "address")) {
            iso(Xml.attr(c, "countryIso2Code")).ifPresent(x -> countries.add(new CountryRef(x, CountryRef.Role.ADDRESS)));
        }
        List<BirthDate> dobs = new ArrayList<>();
        List<String> pobs = new ArrayList<>();
        for (Element b : Xml.children(e, "birthdate")) {
            boolean circa = "true".equalsIgnoreCase(Xml.attr(b, "circa"));
            String full = Xml.attr(b, "birthdate");
            String year = Xml.attr(b, "year");
            String from = Xml.attr(b, "yearRangeFrom");
            String to = Xml.attr(b, "yearRangeTo");
            boolean gregorian = !"ISLAMIC".equalsIgnoreCase(Xml.attr(b, "calendarType"));
            if (gregorian && full != null) {
                PartialDate.parseIso(full).ifPresent(p -> dobs.add(new BirthDate(p, p, circa)));
            } else if (gregorian && year != null) {
                PartialDate p = PartialDate.ofYear(Integer.parseInt(year));
                Integer month = intOrNull(Xml.attr(b, "monthOfYear"));
                Integer day = intOrNull(Xml.attr(b, "dayOfMonth"));
                PartialDate d = new PartialDate(p.year(), month, month == null ? null : day);
                dobs.add(new BirthDate(d, d, circa));
            } else if (gregorian && from != null && to != null) {
                dobs.add(new BirthDate(PartialDate.ofYear(Integer.parseInt(from)), PartialDate.ofYear(Integer.parseInt(to)), circa));
            }
            String city = Xml.attr(b, "city");
            String country = Xml.attr(b, "countryDescription");
            if (city != null || (country != null && !country.equals("UNKNOWN"))) {
                pobs.add(String.join(", ", java.util.stream.Stream.of(city, country)
                        .filter(s -> s != null && !s.equals("UNKNOWN")).toList()));
            }
            iso(Xml.attr(b, "countryIso2Code")).ifPresent(x -> countries.add(new CountryRef(x, CountryRef.Role.BIRTH)));
        }
        List<Identifier> ids = new ArrayList<>();
        for (Element i : Xml.children(e, "identification")) {
            String number = Xml.attr(i, "number");
            if (number == null) {
                number = Xml.attr(i, "latinNumber");
            }
            if (number != null) {
                String t = Xml.attr(i, "identificationTypeDescription");
                ids.add(Identifier.of(t == null ? Xml.attr(i, "identificationTypeCode") : t, number,
                        iso(Xml.attr(i, "countryIso2Code")).orElse(null)));
            }
        }
        List<String> programs = new ArrayList<>();
        for (Element r : Xml.children(e, "regulation")) {
            String p = Xml.attr(r, "programme");
            if (p != null && !programs.contains(p)) {
                programs.add(p);
            }
        }
        String un = Xml.attr(e, "unitedNationId");
        if (un != null) {
            ids.add(Identifier.of("UN Reference Number", un, null));
        }
        String euRef = Xml.attr(e, "euReferenceNumber");
        if (euRef != null) {
            ids.add(Identifier.of("EU Reference Number", euRef, null));
        }
        return new Entity("EU:" + id, ListId.EU, id, type, names, dobs, countries.stream().distinct().toList(), ids,
                List.of(), programs, Xml.attr(e, "designationDate"), gender, pobs);
    }

    private static java.util.Optional<String> iso(String code) {
        if (code == null || code.equals("00") || code.length() != 2) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(code.toUpperCase(Locale.ROOT));
    }

    private static Integer intOrNull(String s) {
        try {
            int v = s == null ? 0 : Integer.parseInt(s);
            return v == 0 ? null : v;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
