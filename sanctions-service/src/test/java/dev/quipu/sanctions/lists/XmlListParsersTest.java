package dev.quipu.sanctions.lists;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class XmlListParsersTest {

    private static Map<String, Entity> bySource(List<Entity> entities) {
        return entities.stream().collect(Collectors.toMap(Entity::sourceId, Function.identity()));
    }

    @Test
    void theFullUnListHas730IndividualsAnd273Entities() {
        UnXmlParser.Parsed un = new UnXmlParser().parse(ListFiles.bytes("lists/un/UN_consolidated.xml"));
        assertEquals("2026-02-27T00:00:09.554Z", un.dateGenerated());
        assertEquals(1_003, un.entities().size());
        assertEquals(730, un.entities().stream().filter(e -> e.type() == EntityType.PERSON).count());
        long weak = un.entities().stream().flatMap(e -> e.names().stream()).filter(EntityName::weak).count();
        assertEquals(615, weak, "QUALITY=Low aliases are weak");
    }

    @Test
    void aUnIndividualKeepsSlotsScriptDatesAndDocuments() {
        Entity aziz = bySource(new UnXmlParser().parse(ListFiles.bytes("lists/un/UN_consolidated.xml")).entities()).get("6908072");
        assertEquals("TARIQ AZIZ", aziz.primaryName().full());
        assertTrue(aziz.names().stream().anyMatch(n -> n.kind() == EntityName.Kind.ORIGINAL_SCRIPT && n.full().equals("طارق عزيز")));
        assertTrue(aziz.names().stream().anyMatch(n -> n.full().equals("Tariq Mikhail Aziz")));
        assertEquals("1936-07-01", aziz.birthDates().get(0).from().toString());
        assertEquals("2003-06-27", aziz.listedOn());
        assertEquals(List.of("Iraq"), aziz.programs());
        assertTrue(aziz.countries().contains(new CountryRef("IQ", CountryRef.Role.NATIONALITY)));
        assertTrue(aziz.identifiers().stream().anyMatch(i -> i.type().equals("Passport")));
        assertTrue(aziz.identifiers().stream().anyMatch(i -> i.raw().equals("IQi.025")));
    }

    @Test
    void theEuFragmentGivesEveryDocumentedField() {
        EuXmlParser.Parsed eu = new EuXmlParser().parse(ListFiles.bytes("lists/eu/sample_eu_fsf.xml"));
        assertEquals("184961", eu.globalFileId());
        assertEquals(5, eu.entities().size());
        Map<String, Entity> by = bySource(eu.entities());
        assertEquals(EntityType.ORGANIZATION, by.get("3822").type());
        Entity libyan = by.get("6106");
        assertEquals("2011-02-26", libyan.listedOn());
        assertTrue(libyan.identifiers().stream().anyMatch(i -> i.raw().equals("LYi.006")));
        assertTrue(libyan.identifiers().stream().anyMatch(i -> i.type().equals("EU Reference Number")));
        Entity first = by.get("191");
        assertEquals(List.of("TERR"), first.programs());
        assertEquals("male", first.gender());
        assertTrue(first.names().size() > 3);
        assertTrue(eu.entities().stream().flatMap(e -> e.birthDates().stream()).anyMatch(b -> b.circa() && b.range()),
                "year range with circa");
        assertTrue(eu.entities().stream().flatMap(e -> e.identifiers().stream())
                .anyMatch(i -> i.normalized().equals("FK117RK0") && "LY".equals(i.country())));
        assertTrue(eu.entities().stream().flatMap(e -> e.countries().stream())
                .anyMatch(c -> c.code().equals("IR") && c.role() == CountryRef.Role.ADDRESS));
        assertTrue(eu.entities().stream().flatMap(e -> e.countries().stream())
                .anyMatch(c -> c.code().equals("SA") && c.role() == CountryRef.Role.CITIZENSHIP));
    }

    @Test
    void theEuIslamicCalendarDateIsNotReadAsGregorian() {
        EuXmlParser.Parsed eu = new EuXmlParser().parse(ListFiles.bytes("lists/eu/sample_eu_fsf.xml"));
        assertTrue(eu.entities().stream().flatMap(e -> e.birthDates().stream()).allMatch(b -> b.from().year() > 1900));
    }

    @Test
    void theUkFragmentGivesIndividualsEntitiesAndShipsAndSkipsTheRecordWithoutId() {
        UkXmlParser.Parsed uk = new UkXmlParser().parse(ListFiles.bytes("lists/uk/uk_sanctions_list_sample.xml"));
        assertEquals(4, uk.entities().size());
        assertEquals(1, uk.skipped());
        Map<String, Entity> by = bySource(uk.entities());
        Entity mansur = by.get("AFG0011");
        assertEquals("ABDUL LATIF MANSUR", mansur.primaryName().full());
        assertEquals("MANSUR", mansur.primaryName().family());
        assertEquals(2, mansur.birthDates().size(), "dd/mm/1968 and 12/11/1967 (listed twice)");
        assertTrue(mansur.birthDates().stream().anyMatch(b -> b.from().toString().equals("1968")));
        assertTrue(mansur.identifiers().stream().anyMatch(i -> i.raw().equals("D0009720")), "leading blank trimmed");
        assertEquals("2001-01-31", mansur.listedOn());
        assertTrue(mansur.countries().contains(new CountryRef("AF", CountryRef.Role.NATIONALITY)));
        assertEquals(EntityType.PERSON, by.get("AQD0128").type(), "NameType 'Primary name' in lower case");
        assertTrue(by.get("AQD0128").identifiers().stream().anyMatch(i -> i.raw().equals("0075258")));
        assertEquals(EntityType.ORGANIZATION, by.get("AQD0377").type());
        Entity ship = by.get("DPR0075");
        assertEquals(EntityType.VESSEL, ship.type());
        assertTrue(ship.identifiers().stream().anyMatch(i -> i.normalized().equals("IMO9562233")));
    }

    @Test
    void ukPlaceholderDatesBecomePartialDates() {
        assertEquals("1968", UkXmlParser.date("dd/mm/1968").orElseThrow().toString());
        assertEquals("1968-05", UkXmlParser.date("dd/05/1968").orElseThrow().toString());
        assertEquals("1967-11-12", UkXmlParser.date("12/11/1967").orElseThrow().toString());
        assertEquals("1980", UkXmlParser.date("00/00/1980").orElseThrow().toString());
    }

    @Test
    void theLegacyOfsiCsvFragmentGroupsRowsByGroupId() {
        List<Entity> ofsi = new OfsiCsvParser().parse(new String(ListFiles.bytes("lists/uk/ConList-ofsi-2020-fragment.csv"),
                java.nio.charset.Charset.forName("windows-1252")));
        assertEquals(41, ofsi.size());
        Entity qahtani = bySource(ofsi).get("OFSI-13349");
        assertEquals(EntityType.PERSON, qahtani.type());
        assertEquals("AL-QAHTANI", qahtani.primaryName().family());
        assertEquals(2, qahtani.birthDates().size());
        assertTrue(qahtani.countries().contains(new CountryRef("QA", CountryRef.Role.NATIONALITY)));
        assertTrue(qahtani.identifiers().stream().anyMatch(i -> i.raw().equals("592667")));
        assertEquals("2016-04-01", qahtani.listedOn());
        assertEquals(EntityType.ORGANIZATION, bySource(ofsi).get("OFSI-13188").type());
    }

    @Test
    void theClassicOfacXmlMarksWeakAliasesExplicitly() {
        OfacXmlParser.Parsed p = new OfacXmlParser(ListId.OFAC_CONS).parse(ListFiles.bytes("lists/ofac-xml/consolidated-fragment.xml"));
        assertEquals("04/06/2018", p.publishDate());
        assertEquals(639, p.recordCount());
        Map<String, Entity> by = bySource(p.entities());
        Entity bim = by.get("4637");
        assertTrue(bim.names().stream().anyMatch(n -> n.full().equals("BIM") && n.weak()));
        assertTrue(bim.names().stream().anyMatch(n -> n.full().equals("BANK SANAD VA MADAN") && !n.weak()));
        assertTrue(bim.countries().contains(new CountryRef("IR", CountryRef.Role.ADDRESS)));
        assertTrue(bim.identifiers().isEmpty(), "explanatory idList entries are not identifiers");
        assertEquals("BTEJIRTH", by.get("4640").identifiers().get(0).normalized());
        Entity haniya = by.get("9639");
        assertEquals("HANIYA, Ismail Abdul Salah", haniya.primaryName().full());
        assertEquals("Ismail Abdul Salah", haniya.primaryName().given());
        assertEquals(1962, haniya.birthDates().get(0).from().year());
        assertEquals(List.of("Shati"), haniya.placesOfBirth());
        assertNull(haniya.listedOn());
    }

    @Test
    void theBundledNonSdnListOfJanuary2026Has442EntriesAnd1586Names() {
        OfacXmlParser.Parsed cons = new OfacXmlParser(ListId.OFAC_CONS).parse(ListFiles.bytes("lists/ofac-cons/consolidated.xml"));
        assertEquals("01/08/2026", cons.publishDate());
        assertEquals(442, cons.recordCount());
        assertEquals(442, cons.entities().size());
        assertEquals(79, cons.entities().stream().filter(e -> e.type() == EntityType.PERSON).count());
        assertEquals(1_586, cons.entities().stream().mapToInt(e -> e.names().size()).sum(), "442 primary + 1,144 aka");
        assertEquals(72, cons.entities().stream().flatMap(e -> e.names().stream()).filter(EntityName::weak).count());
        Entity haniya = bySource(cons.entities()).get("9639");
        assertEquals("HANIYA, Ismail Abdul Salah", haniya.primaryName().full());
        assertEquals(List.of("NS-PLC"), haniya.programs());
        ListSnapshot read = new ListReader().read(ListId.OFAC_CONS, java.util.Map.of("consolidated.xml",
                ListFiles.bytes("lists/ofac-cons/consolidated.xml")), "x", null, java.time.Instant.now(), "");
        assertEquals(java.time.Instant.parse("2026-01-08T00:00:00Z"), read.version().publishedAt());
    }

    @Test
    void aFileOfTheWrongFormatIsRejected() {
        assertThrows(ListFormatException.class, () -> new UnXmlParser().parse(ListFiles.bytes("lists/eu/sample_eu_fsf.xml")));
        assertThrows(ListFormatException.class, () -> new EuXmlParser().parse("<x/>".getBytes()));
        assertThrows(ListFormatException.class, () -> new UkXmlParser().parse("not xml".getBytes()));
        assertFalse(false);
    }
}
