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

import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One streaming pass over an Advanced XML document ({@code <Sanctions>}), keeping what
 * {@link OfacAdvancedProfiles} maps: reference values, location countries, identity documents,
 * parties and sanctions entries. ProfileRelationships and everything else are skipped unread.
 */
final class OfacAdvancedReader {

    final OfacAdvancedReferences references = new OfacAdvancedReferences();
    /** LocationID → CountryID (or AreaCodeID, which the references resolve the same way). */
    final Map<String, String> locationCountry = new HashMap<>();
    final List<Document> documents = new ArrayList<>();
    final List<Party> parties = new ArrayList<>();
    final List<Entry> entries = new ArrayList<>();
    Day dateOfIssue;
    /** The SanctionsType whose measures carry the program tags ("Program"). */
    private String programTypeId;

    /** Reads the whole document; the reader is on the root element. */
    void read(XMLStreamReader r) throws XMLStreamException {
        if (!r.getLocalName().equals("Sanctions")) {
            throw new ListFormatException("not an OFAC Advanced XML file: root " + r.getLocalName());
        }
        Stax.children(r, (x, name) -> {
            switch (name) {
                case "DateOfIssue" -> dateOfIssue = day(x);
                case "ReferenceValueSets" -> {
                    references.read(x);
                    programTypeId = references.idOf("SanctionsType", "Program");
                }
                case "Locations" -> Stax.children(x, (l, n) -> location(l));
                case "IDRegDocuments" -> Stax.children(x, (d, n) -> document(d));
                case "DistinctParties" -> Stax.children(x, (p, n) -> party(p));
                case "SanctionsEntries" -> Stax.children(x, (e, n) -> entry(e));
                default -> Stax.skip(x);
            }
        });
    }

    private void location(XMLStreamReader r) throws XMLStreamException {
        String id = Stax.attr(r, "ID");
        Stax.children(r, (x, name) -> {
            if (name.equals("LocationCountry")) {
                locationCountry.put(id, Stax.attr(x, "CountryID"));
            } else if (name.equals("LocationAreaCode")) {
                locationCountry.putIfAbsent(id, Stax.attr(x, "AreaCodeID"));
            }
            Stax.skip(x);
        });
    }

    private void document(XMLStreamReader r) throws XMLStreamException {
        String identity = Stax.attr(r, "IdentityID");
        String type = Stax.attr(r, "IDRegDocTypeID");
        String country = Stax.attr(r, "IssuedBy-CountryID");
        boolean fraudulent = "Fraudulent".equals(references.value("Validity", Stax.attr(r, "ValidityID")));
        String[] number = new String[1];
        Stax.children(r, (x, name) -> {
            if (name.equals("IDRegistrationNo")) {
                number[0] = Stax.text(x);
            } else {
                Stax.skip(x);
            }
        });
        documents.add(new Document(identity, type, number[0], country, fraudulent));
    }

    private void party(XMLStreamReader r) throws XMLStreamException {
        String fixedRef = Stax.attr(r, "FixedRef");
        Stax.children(r, (x, name) -> {
            if (name.equals("Profile")) {
                parties.add(profile(x, fixedRef));
            } else {
                Stax.skip(x);
            }
        });
    }

    private Party profile(XMLStreamReader r, String fixedRef) throws XMLStreamException {
        String profileId = Stax.attr(r, "ID");
        String subType = Stax.attr(r, "PartySubTypeID");
        List<String> identities = new ArrayList<>();
        List<Alias> aliases = new ArrayList<>();
        Map<String, String> partTypes = new HashMap<>();
        List<Feature> features = new ArrayList<>();
        Stax.children(r, (x, name) -> {
            if (name.equals("Identity")) {
                identities.add(Stax.attr(x, "ID"));
                Stax.children(x, (i, n) -> {
                    if (n.equals("Alias")) {
                        aliases.add(alias(i));
                    } else if (n.equals("NamePartGroups")) {
                        namePartGroups(i, partTypes);
                    } else {
                        Stax.skip(i);
                    }
                });
            } else if (name.equals("Feature")) {
                String type = Stax.attr(x, "FeatureTypeID");
                Stax.children(x, (v, n) -> {
                    if (n.equals("FeatureVersion")) {
                        features.add(featureVersion(v, type));
                    } else {
                        Stax.skip(v);
                    }
                });
            } else {
                Stax.skip(x);
            }
        });
        return new Party(fixedRef, profileId, subType, identities, aliases, partTypes, features);
    }

    private Alias alias(XMLStreamReader r) throws XMLStreamException {
        String type = Stax.attr(r, "AliasTypeID");
        boolean primary = "true".equals(Stax.attr(r, "Primary"));
        boolean low = "true".equals(Stax.attr(r, "LowQuality"));
        List<DocumentedName> names = new ArrayList<>(1);
        Stax.children(r, (x, name) -> {
            if (!name.equals("DocumentedName")) {
                Stax.skip(x);
                return;
            }
            List<NamePart> parts = new ArrayList<>(3);
            Stax.children(x, (p, n) -> Stax.children(p, (v, vn) -> {
                if (vn.equals("NamePartValue")) {
                    String group = Stax.attr(v, "NamePartGroupID");
                    String script = Stax.attr(v, "ScriptID");
                    String value = Stax.text(v);
                    if (value != null) {
                        parts.add(new NamePart(group, script, value));
                    }
                } else {
                    Stax.skip(v);
                }
            }));
            names.add(new DocumentedName(parts));
        });
        return new Alias(type, primary, low, names);
    }

    private static void namePartGroups(XMLStreamReader r, Map<String, String> partTypes) throws XMLStreamException {
        Stax.children(r, (master, n) -> Stax.children(master, (g, gn) -> {
            partTypes.put(Stax.attr(g, "ID"), Stax.attr(g, "NamePartTypeID"));
            Stax.skip(g);
        }));
    }

    private Feature featureVersion(XMLStreamReader r, String type) throws XMLStreamException {
        String[] text = new String[3];
        Period[] period = new Period[1];
        Stax.children(r, (x, name) -> {
            switch (name) {
                case "VersionDetail" -> {
                    text[1] = Stax.attr(x, "DetailReferenceID");
                    text[0] = Stax.text(x);
                }
                case "VersionLocation" -> {
                    text[2] = Stax.attr(x, "LocationID");
                    Stax.skip(x);
                }
                case "DatePeriod" -> period[0] = period(x);
                default -> Stax.skip(x);
            }
        });
        return new Feature(type, text[0], text[1], text[2], period[0]);
    }

    /** Start/From is the earliest day, End/To the latest; either half approximate makes it "circa". */
    private static Period period(XMLStreamReader r) throws XMLStreamException {
        Day[] bounds = new Day[2];
        boolean[] approximate = new boolean[1];
        Stax.children(r, (half, name) -> {
            boolean start = name.equals("Start");
            approximate[0] |= "true".equals(Stax.attr(half, "Approximate"));
            Stax.children(half, (x, n) -> {
                if (start && n.equals("From")) {
                    bounds[0] = day(x);
                } else if (!start && n.equals("To")) {
                    bounds[1] = day(x);
                } else {
                    Stax.skip(x);
                }
            });
        });
        if (bounds[0] == null || bounds[1] == null) {
            return null;
        }
        return new Period(bounds[0], bounds[1], approximate[0]);
    }

    private static Day day(XMLStreamReader r) throws XMLStreamException {
        int[] ymd = {-1, -1, -1};
        Stax.children(r, (x, name) -> {
            switch (name) {
                case "Year" -> ymd[0] = Stax.number(x);
                case "Month" -> ymd[1] = Stax.number(x);
                case "Day" -> ymd[2] = Stax.number(x);
                default -> Stax.skip(x);
            }
        });
        return ymd[0] < 0 ? null : new Day(ymd[0], ymd[1], ymd[2]);
    }

    private void entry(XMLStreamReader r) throws XMLStreamException {
        String profile = Stax.attr(r, "ProfileID");
        String list = Stax.attr(r, "ListID");
        Day[] date = new Day[1];
        List<String> programs = new ArrayList<>(2);
        Stax.children(r, (x, name) -> {
            if (name.equals("EntryEvent")) {
                Stax.children(x, (e, n) -> {
                    if (n.equals("Date")) {
                        date[0] = day(e);
                    } else {
                        Stax.skip(e);
                    }
                });
            } else if (name.equals("SanctionsMeasure")) {
                // the program tag (SDNT, SDGT, RUSSIA-EO14024, ...) is the comment of the "Program" measure
                boolean program = programTypeId == null || programTypeId.equals(Stax.attr(x, "SanctionsTypeID"));
                Stax.children(x, (m, n) -> {
                    if (!n.equals("Comment")) {
                        Stax.skip(m);
                        return;
                    }
                    String comment = Stax.text(m);
                    if (program && comment != null) {
                        programs.add(comment);
                    }
                });
            } else {
                Stax.skip(x);
            }
        });
        entries.add(new Entry(profile, list, date[0], programs));
    }
}
