package dev.quipu.sanctions.lists;

import dev.quipu.sanctions.matching.RealIndex;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The bundled UK files: FCDO UK Sanctions List of 2025-11-19 (ODS) and OFSI Consolidated List of 2025-04-14 (XLSX). */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class UkListTest {

    private static final String ODS = "lists/uk/FCDO_SL_Wed_Nov_19_2025.ods";
    private static final String XLSX = "lists/uk/ConList.xlsx";

    private List<FcdoOdsParser.Designation> fcdo;
    private OfsiConList.Parsed ofsi;
    private ListVersion ukVersion;
    private List<Entity> ukEntities;
    private Map<String, Entity> served;

    @BeforeAll
    void readTheBundledFiles() {
        fcdo = new FcdoOdsParser().parse(ListFiles.bytes(ODS));
        ofsi = new OfsiXlsxParser().parse(ListFiles.bytes(XLSX));
        // the UK list as the service reads it (BundledLists through ListReader), loaded once per test JVM
        ukVersion = RealIndex.INDEX.versions().get(ListId.UK);
        ukEntities = RealIndex.INDEX.entities().stream().filter(e -> e.list() == ListId.UK).toList();
        served = ukEntities.stream().collect(Collectors.toMap(Entity::id, Function.identity()));
    }

    @Test
    void theFcdoListOf19November2025Has5668DesignationsOfIndividualsEntitiesAndShips() {
        assertEquals(5_668, fcdo.size());
        assertEquals(5_668, fcdo.stream().map(FcdoOdsParser.Designation::uniqueId).distinct().count());
        assertEquals(Map.of(EntityType.PERSON, 3_828L, EntityType.ORGANIZATION, 1_258L, EntityType.VESSEL, 582L),
                fcdo.stream().collect(Collectors.groupingBy(FcdoOdsParser.Designation::type, Collectors.counting())));
        assertEquals(5_100, fcdo.stream().filter(d -> d.ofsiGroupId() != null).count());
        assertEquals(List.of("AFG0043", "CTI0060"), fcdo.stream().filter(d -> d.name() == null)
                .map(FcdoOdsParser.Designation::uniqueId).toList(), "two rows of the export have a blank Name");
        FcdoOdsParser.Designation first = fcdo.get(0);
        assertEquals(new FcdoOdsParser.Designation("AFG0001", "12703", "HAJI KHAIRULLAH HAJI SATTAR MONEY EXCHANGE",
                EntityType.ORGANIZATION, "Afghanistan", "2012-06-29"), first);
        assertEquals("2025-11-19", fcdo.stream().map(FcdoOdsParser.Designation::listedOn).filter(d -> d != null)
                .max(String::compareTo).orElseThrow(), "the newest designation is of the export's day");
    }

    @Test
    void theOfsiListOf14April2025Has4688TargetsWithTheirNameVariants() {
        assertEquals("2025-04-14", ofsi.lastUpdated());
        assertEquals(4_688, ofsi.entities().size());
        assertEquals(Map.of(EntityType.PERSON, 3_663L, EntityType.ORGANIZATION, 1_010L, EntityType.VESSEL, 15L),
                ofsi.entities().stream().collect(Collectors.groupingBy(Entity::type, Collectors.counting())));
        List<EntityName> names = ofsi.entities().stream().flatMap(e -> e.names().stream()).toList();
        assertEquals(12_740, names.stream().filter(n -> n.kind() != EntityName.Kind.ORIGINAL_SCRIPT).count(),
                "distinct (Group ID, Name 1..6)");
        assertEquals(3_226, names.stream().filter(n -> n.kind() == EntityName.Kind.ORIGINAL_SCRIPT).count());
        assertEquals(617, names.stream().filter(EntityName::weak).count(), "Alias Quality 'Low quality', deduplicated");
        assertTrue(ofsi.entities().stream().allMatch(e -> e.primaryName().kind() == EntityName.Kind.PRIMARY
                || e.names().stream().noneMatch(n -> n.kind() == EntityName.Kind.PRIMARY)));
    }

    @Test
    void theUkListServedIsTheFcdoListWithOfsiDetailsJoinedByGroupId() {
        assertEquals(5_668 + 26, ukEntities.size(), "every FCDO designation, and 26 OFSI targets it no longer has");
        assertEquals(ukEntities.size(), served.size());
        String note = ukVersion.note();
        assertTrue(note.contains("4,678 FCDO designations with OFSI Consolidated List of 2025-04-14 aliases and details"), note);
        assertTrue(note.contains("990 with the FCDO name only"), note);
        assertTrue(note.contains("26 OFSI Consolidated List of 2025-04-14 targets not on the FCDO list"), note);
        assertEquals(Instant.parse("2025-11-19T00:00:00Z"), ukVersion.publishedAt());
        assertTrue(ukEntities.stream().allMatch(e -> e.names().get(0).kind() == EntityName.Kind.PRIMARY), "a primary name first");
    }

    @Test
    void aVenezuelanDesignationKeepsItsFcdoRecordAndGainsOfsisDetails() {
        Entity e = served.get("UK:VEN0041");
        assertEquals(EntityType.PERSON, e.type());
        assertEquals(new EntityName("Hernandez Larez Domingo Antonio", EntityName.Kind.PRIMARY, EntityName.Strength.STRONG,
                "Domingo Antonio", "HERNANDEZ LAREZ"), e.primaryName(), "FCDO's name, split as OFSI splits it");
        assertEquals(List.of("Domingo Antonio HERNANDEZ LARES", "Domingo Antonio Hernández Láres", "Domingo Antonio Hernández Lárez"),
                e.names().stream().skip(1).map(EntityName::full).toList(), "OFSI's variants; its own form of the FCDO name is dropped");
        assertEquals(List.of("Venezuela"), e.programs());
        assertEquals("2025-01-10", e.listedOn());
        assertEquals("1965-03-09", e.birthDates().get(0).toString());
        assertEquals(List.of("Passport B0700456", "National Identification Number 6133376"),
                e.identifiers().stream().map(i -> i.type() + " " + i.raw()).toList());
        assertTrue(e.countries().contains(new CountryRef("VE", CountryRef.Role.NATIONALITY)));
        assertEquals("male", e.gender());
    }

    @Test
    void aDesignationWithABlankFcdoNameIsNamedByOfsi() {
        Entity e = served.get("UK:AFG0043");
        assertEquals("MOHAMMAD YAQOUB", e.primaryName().full());
        assertEquals(List.of("Afghanistan"), e.programs());
        assertEquals("1966", e.birthDates().get(0).toString());
    }

    @Test
    void ofsiTargetsNoLongerOnTheFcdoListAreStillServedAndSaySo() {
        Entity mod = served.get("UK:OFSI-12691");
        assertEquals("MINISTRY OF DEFENCE", mod.primaryName().full());
        assertEquals(List.of("Syria", "OFSI Consolidated List of 2025-04-14 only: not on the FCDO UK Sanctions List of 2025-11-19"),
                mod.programs());
        assertEquals(26, ukEntities.stream().filter(e -> e.sourceId().startsWith("OFSI-")).count());
    }

    @Test
    void aShipWithoutOfsiGroupKeepsItsFcdoNameAndRegime() {
        List<Entity> ships = ukEntities.stream().filter(e -> e.type() == EntityType.VESSEL).toList();
        assertEquals(582, ships.size());
        assertTrue(ships.stream().allMatch(s -> !s.programs().isEmpty() && s.listedOn() != null));
        assertTrue(ships.stream().filter(s -> s.names().size() == 1).count() > 500, "the summary gives ships their name only");
    }

    @Test
    void theLiveFcdoXmlDownloadIsStillReadThroughListReader() {
        ListSnapshot xml = new ListReader().read(ListId.UK, Map.of("uk.xml", ListFiles.bytes("lists/uk/uk_sanctions_list_sample.xml")),
                "x", null, Instant.now(), "refreshed");
        assertEquals(4, xml.entities().size());
        assertEquals("refreshed", xml.version().note());
        assertTrue(xml.version().publishedAt() != null);
    }

    @Test
    void truncatedEmptyOrForeignSpreadsheetsAreListFormatErrors() {
        byte[] ods = ListFiles.bytes(ODS);
        byte[] xlsx = ListFiles.bytes(XLSX);
        assertThrows(ListFormatException.class, () -> new FcdoOdsParser().parse(Arrays.copyOf(ods, ods.length / 2)));
        assertThrows(ListFormatException.class, () -> new FcdoOdsParser().parse("not a spreadsheet".getBytes(StandardCharsets.US_ASCII)));
        assertThrows(ListFormatException.class, () -> new FcdoOdsParser().parse(xlsx), "an XLSX is no ODS");
        assertThrows(ListFormatException.class, () -> new OfsiXlsxParser().parse(Arrays.copyOf(xlsx, xlsx.length / 2)));
        assertThrows(ListFormatException.class, () -> new OfsiXlsxParser().parse(new byte[0]));
        assertThrows(ListFormatException.class, () -> new OfsiXlsxParser().parse(ods), "an ODS is no XLSX");
        var empty = assertThrows(ListFormatException.class, () -> new ListReader().read(ListId.UK,
                Map.of("uk.ods", new byte[0]), "x", null, Instant.now(), ""));
        assertTrue(empty.getMessage().contains("empty"), empty.getMessage());
    }
}
