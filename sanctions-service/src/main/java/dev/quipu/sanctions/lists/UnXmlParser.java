package dev.quipu.sanctions.lists;

import org.w3c.dom.Document;
import org.w3c.dom.Element;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;

/**
 * UN Security Council Consolidated List XML ({@code CONSOLIDATED_LIST}). FIRST..FOURTH_NAME are
 * ordered name slots, not given/family, so the name is kept whole; {@code QUALITY=Low} aliases are
 * weak; the original-script name is an extra alias.
 */
public final class UnXmlParser {

    public record Parsed(String dateGenerated, List<Entity> entities) {
    }

    public Parsed parse(byte[] xml) {
        Document doc = Xml.parse(xml);
        Element root = doc.getDocumentElement();
        if (!root.getTagName().equals("CONSOLIDATED_LIST")) {
            throw new ListFormatException("not a UN consolidated list: root " + root.getTagName());
        }
        List<Entity> out = new ArrayList<>();
        for (Element e : Xml.all(root, "INDIVIDUAL")) {
            out.add(entity(e, EntityType.PERSON));
        }
        for (Element e : Xml.all(root, "ENTITY")) {
            out.add(entity(e, EntityType.ORGANIZATION));
        }
        return new Parsed(Xml.attr(root, "dateGenerated"), out);
    }

    private Entity entity(Element e, EntityType type) {
        String id = Xml.text(e, "DATAID");
        StringJoiner full = new StringJoiner(" ");
        for (String slot : List.of("FIRST_NAME", "SECOND_NAME", "THIRD_NAME", "FOURTH_NAME")) {
            String v = Xml.text(e, slot);
            if (v != null) {
                full.add(v);
            }
        }
        List<EntityName> names = new ArrayList<>();
        names.add(EntityName.primary(full.toString()));
        String aliasTag = type == EntityType.PERSON ? "INDIVIDUAL_ALIAS" : "ENTITY_ALIAS";
        for (Element a : Xml.children(e, aliasTag)) {
            String n = Xml.text(a, "ALIAS_NAME");
            if (n == null) {
                continue;
            }
            String q = Xml.text(a, "QUALITY");
            String ql = q == null ? "" : q.toLowerCase(Locale.ROOT);
            EntityName.Strength s = ql.equals("low") ? EntityName.Strength.WEAK : EntityName.Strength.STRONG;
            EntityName.Kind k = ql.startsWith("f.k.a") ? EntityName.Kind.FKA : EntityName.Kind.AKA;
            names.add(new EntityName(n, k, s, null, null));
        }
        String original = Xml.text(e, "NAME_ORIGINAL_SCRIPT");
        if (original != null) {
            names.add(new EntityName(original, EntityName.Kind.ORIGINAL_SCRIPT, EntityName.Strength.STRONG, null, null));
        }
        List<CountryRef> countries = new ArrayList<>();
        for (Element n : Xml.children(e, "NATIONALITY")) {
            for (String v : Xml.texts(n, "VALUE")) {
                Countries.code(v).ifPresent(c -> countries.add(new CountryRef(c, CountryRef.Role.NATIONALITY)));
            }
        }
        String addrTag = type == EntityType.PERSON ? "INDIVIDUAL_ADDRESS" : "ENTITY_ADDRESS";
        for (Element a : Xml.children(e, addrTag)) {
            Countries.code(Xml.text(a, "COUNTRY")).ifPresent(c -> countries.add(new CountryRef(c, CountryRef.Role.ADDRESS)));
        }
        List<String> pobs = new ArrayList<>();
        for (Element p : Xml.children(e, "INDIVIDUAL_PLACE_OF_BIRTH")) {
            StringJoiner place = new StringJoiner(", ");
            for (String f : List.of("CITY", "STATE_PROVINCE", "COUNTRY")) {
                String v = Xml.text(p, f);
                if (v != null) {
                    place.add(v);
                }
            }
            if (place.length() > 0) {
                pobs.add(place.toString());
            }
            Countries.code(Xml.text(p, "COUNTRY")).ifPresent(c -> countries.add(new CountryRef(c, CountryRef.Role.BIRTH)));
        }
        List<BirthDate> dobs = new ArrayList<>();
        for (Element d : Xml.children(e, "INDIVIDUAL_DATE_OF_BIRTH")) {
            String typeOfDate = Xml.text(d, "TYPE_OF_DATE");
            boolean circa = "APPROXIMATELY".equalsIgnoreCase(typeOfDate);
            String date = Xml.text(d, "DATE");
            String year = Xml.text(d, "YEAR");
            String from = Xml.text(d, "FROM_YEAR");
            String to = Xml.text(d, "TO_YEAR");
            if (date != null) {
                PartialDate.parseIso(date).ifPresent(p -> dobs.add(new BirthDate(p, p, circa)));
            } else if (from != null && to != null) {
                dobs.add(new BirthDate(PartialDate.ofYear(Integer.parseInt(from)), PartialDate.ofYear(Integer.parseInt(to)), circa));
            } else if (year != null) {
                dobs.add(new BirthDate(PartialDate.ofYear(Integer.parseInt(year)), PartialDate.ofYear(Integer.parseInt(year)), circa));
            }
        }
        List<Identifier> ids = new ArrayList<>();
        for (Element d : Xml.children(e, "INDIVIDUAL_DOCUMENT")) {
            String number = Xml.text(d, "NUMBER");
            if (number != null) {
                String docType = Xml.text(d, "TYPE_OF_DOCUMENT");
                ids.add(Identifier.of(docType == null ? "Document" : docType, number,
                        Countries.code(Xml.text(d, "ISSUING_COUNTRY")).orElse(null)));
            }
        }
        List<String> programs = new ArrayList<>();
        String listType = Xml.text(e, "UN_LIST_TYPE");
        if (listType != null) {
            programs.add(listType);
        }
        String ref = Xml.text(e, "REFERENCE_NUMBER");
        if (ref != null) {
            ids.add(Identifier.of("UN Reference Number", ref, null));
        }
        String gender = Xml.text(e, "GENDER");
        return new Entity("UN:" + id, ListId.UN, id, type, names, dobs, countries.stream().distinct().toList(), ids,
                List.of(), programs, Xml.text(e, "LISTED_ON"), gender == null ? null : gender.toLowerCase(Locale.ROOT), pobs);
    }
}
