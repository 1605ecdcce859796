package dev.quipu.sanctions.lists;

import dev.quipu.sanctions.wallets.WalletAddress;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * OFAC classic XML ({@code sdnList}, namespace http://tempuri.org/sdnList.xsd) for sdn.xml and
 * consolidated.xml. Unlike the CSV, weak aliases are explicit ({@code category=weak}) and
 * identifiers, wallets ({@code idType "Digital Currency Address - XBT"}) and dates are structured.
 */
public final class OfacXmlParser {

    private final ListId list;

    public OfacXmlParser(ListId list) {
        this.list = list;
    }

    public record Parsed(String publishDate, Integer recordCount, List<Entity> entities) {
    }

    public Parsed parse(byte[] xml) {
        Document doc = Xml.parse(xml);
        Element root = doc.getDocumentElement();
        if (!root.getTagName().endsWith("sdnList")) {
            throw new ListFormatException("not an OFAC sdnList: root " + root.getTagName());
        }
        String publishDate = null;
        Integer count = null;
        for (Element p : Xml.children(root, "publshInformation")) {
            publishDate = Xml.text(p, "Publish_Date");
            String c = Xml.text(p, "Record_Count");
            count = c == null ? null : Integer.valueOf(c);
        }
        List<Entity> out = new ArrayList<>();
        for (Element e : Xml.children(root, "sdnEntry")) {
            out.add(entity(e));
        }
        return new Parsed(publishDate, count, out);
    }

    private Entity entity(Element e) {
        String uid = Xml.text(e, "uid");
        EntityType type = OfacCsvParser.type(Xml.text(e, "sdnType"));
        List<EntityName> names = new ArrayList<>();
        names.add(name(Xml.text(e, "firstName"), Xml.text(e, "lastName"), type, EntityName.Kind.PRIMARY, EntityName.Strength.STRONG));
        for (Element aka : Xml.all(e, "aka")) {
            String t = Xml.text(aka, "type");
            EntityName.Kind kind = t == null ? EntityName.Kind.AKA : switch (t.toLowerCase(Locale.ROOT)) {
                case "f.k.a." -> EntityName.Kind.FKA;
                case "n.k.a." -> EntityName.Kind.NKA;
                default -> EntityName.Kind.AKA;
            };
            boolean weak = "weak".equalsIgnoreCase(Xml.text(aka, "category"));
            names.add(name(Xml.text(aka, "firstName"), Xml.text(aka, "lastName"), type, kind,
                    weak ? EntityName.Strength.WEAK : EntityName.Strength.STRONG));
        }
        List<Identifier> ids = new ArrayList<>();
        List<WalletAddress> wallets = new ArrayList<>();
        for (Element id : Xml.all(e, "id")) {
            String idType = Xml.text(id, "idType");
            String number = Xml.text(id, "idNumber");
            if (idType == null || number == null) {
                continue;
            }
            if (idType.startsWith("Digital Currency Address - ")) {
                wallets.add(WalletAddress.of(idType.substring("Digital Currency Address - ".length()).trim(), number));
            } else if (!idType.endsWith("-") && !idType.endsWith(":") && number.length() <= 40) {
                // "Additional Sanctions Information -" and "For more information, please see:" carry prose
                ids.add(Identifier.of(idType, number, Countries.code(Xml.text(id, "idCountry")).orElse(null)));
            }
        }
        List<CountryRef> countries = new ArrayList<>();
        for (Element a : Xml.all(e, "address")) {
            Countries.code(Xml.text(a, "country")).ifPresent(c -> countries.add(new CountryRef(c, CountryRef.Role.ADDRESS)));
        }
        for (Element n : Xml.all(e, "nationality")) {
            Countries.code(Xml.text(n, "country")).ifPresent(c -> countries.add(new CountryRef(c, CountryRef.Role.NATIONALITY)));
        }
        for (Element n : Xml.all(e, "citizenship")) {
            Countries.code(Xml.text(n, "country")).ifPresent(c -> countries.add(new CountryRef(c, CountryRef.Role.CITIZENSHIP)));
        }
        List<BirthDate> dobs = new ArrayList<>();
        for (String d : Xml.texts(e, "dateOfBirth")) {
            OfacRemarks.birthDate(d).ifPresent(dobs::add);
        }
        List<String> pobs = Xml.texts(e, "placeOfBirth");
        List<String> programs = Xml.texts(e, "program");
        OfacRemarks.Facts facts = OfacRemarks.parse(Xml.text(e, "remarks"));
        String gender = facts.gender();
        return new Entity(list.name() + ":" + uid, list, uid, type, names, dobs, countries.stream().distinct().toList(), ids,
                wallets, programs, null, gender, pobs);
    }

    private static EntityName name(String first, String last, EntityType type, EntityName.Kind kind, EntityName.Strength s) {
        if (type == EntityType.PERSON && first != null && last != null) {
            return new EntityName(last + ", " + first, kind, s, first, last);
        }
        String full = last == null ? first : first == null ? last : first + " " + last;
        return new EntityName(full == null ? "" : full, kind, s, null, null);
    }
}
