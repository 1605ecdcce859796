package dev.quipu.sanctions.lists;

import io.micronaut.core.annotation.Nullable;

import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import java.util.HashMap;
import java.util.Map;

/**
 * The {@code ReferenceValueSets} of an Advanced XML file: every code the rest of the file uses
 * (feature types, document types, name part types, countries, scripts, programs, lists, ...) with
 * its text. The file defines them itself, so ids are looked up here rather than hard-coded; only the
 * texts OFAC prints ("Birthdate", "Last Name", "Digital Currency Address - XBT") are relied on.
 */
final class OfacAdvancedReferences {

    /** Element name of the value (FeatureType, IDRegDocType, ...) → id → text. */
    private final Map<String, Map<String, String>> values = new HashMap<>();
    private final Map<String, String> countryIso = new HashMap<>();
    private final Map<String, String> partyTypeOfSubType = new HashMap<>();

    /** Reads {@code <ReferenceValueSets>}; the reader is on its start tag. */
    void read(XMLStreamReader r) throws XMLStreamException {
        Stax.children(r, (set, setName) -> Stax.children(set, (value, name) -> {
            String id = Stax.attr(value, "ID");
            if (name.equals("Country")) {
                String iso = Stax.attr(value, "ISO2");
                if (id != null && iso != null) {
                    countryIso.put(id, iso);
                }
            } else if (name.equals("PartySubType")) {
                partyTypeOfSubType.put(id, Stax.attr(value, "PartyTypeID"));
            }
            String text = Stax.text(value);
            if (id != null && text != null) {
                values.computeIfAbsent(name, k -> new HashMap<>()).put(id, text);
            }
        }));
    }

    /** The text of a reference value, e.g. {@code value("FeatureType", "8")} = "Birthdate"; null if unknown. */
    @Nullable
    String value(String set, @Nullable String id) {
        if (id == null) {
            return null;
        }
        Map<String, String> m = values.get(set);
        return m == null ? null : m.get(id);
    }

    /** ISO 3166-1 alpha-2 of a CountryID, or of an AreaCodeID (area codes are ISO codes themselves). */
    @Nullable
    String countryIso(@Nullable String countryId) {
        if (countryId == null) {
            return null;
        }
        String iso = countryIso.get(countryId);
        return iso != null ? iso : value("AreaCode", countryId);
    }

    /** The id of a value by its text, e.g. {@code idOf("List", "SDN List")}; null if absent. */
    @Nullable
    String idOf(String set, String text) {
        Map<String, String> m = values.get(set);
        if (m == null) {
            return null;
        }
        for (Map.Entry<String, String> e : m.entrySet()) {
            if (e.getValue().equals(text)) {
                return e.getKey();
            }
        }
        return null;
    }

    /** Person, organisation, vessel or aircraft, from a profile's PartySubTypeID. */
    EntityType type(String partySubTypeId) {
        String sub = value("PartySubType", partySubTypeId);
        if ("Vessel".equalsIgnoreCase(sub)) {
            return EntityType.VESSEL;
        }
        if ("Aircraft".equalsIgnoreCase(sub)) {
            return EntityType.AIRCRAFT;
        }
        String party = value("PartyType", partyTypeOfSubType.get(partySubTypeId));
        if ("Individual".equalsIgnoreCase(party)) {
            return EntityType.PERSON;
        }
        return party == null ? EntityType.UNKNOWN : EntityType.ORGANIZATION;
    }

    boolean loaded() {
        return !values.isEmpty();
    }
}
