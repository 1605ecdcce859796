package dev.quipu.sanctions.lists;

import dev.quipu.sanctions.lists.OfacAdvancedModel.Day;
import dev.quipu.sanctions.lists.OfacAdvancedModel.Period;
import dev.quipu.sanctions.wallets.WalletAddress;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The bundled SDN Advanced XML of 2025-11-19 (real, 121 MB decompressed), parsed once for the class. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OfacAdvancedXmlParserTest {

    private static final String BUNDLED = "lists/ofac-sdn/sdn_advanced.xml.bz2";
    private static final String OFAC_CHECKSUM = "36c517bd264d8d97eff353eadd8d84427d5eb293505a8ce07271a5bc258c3117";

    private OfacAdvancedXmlParser.Parsed sdn;
    private Map<String, Entity> bySource;

    @BeforeAll
    void parseTheBundledFile() {
        sdn = new OfacAdvancedXmlParser(ListId.OFAC_SDN).parseBzip2(ListFiles.bytes(BUNDLED));
        bySource = sdn.entities().stream().collect(Collectors.toMap(Entity::sourceId, Function.identity()));
    }

    @Test
    void theNovember2025FileGivesEveryPartyWithItsPrimaryNameAndAliases() {
        assertEquals(LocalDate.of(2025, 11, 19), sdn.dateOfIssue());
        assertEquals(18_367, sdn.entities().size());
        Map<EntityType, Long> types = sdn.entities().stream().collect(Collectors.groupingBy(Entity::type, Collectors.counting()));
        assertEquals(Map.of(EntityType.PERSON, 7_303L, EntityType.ORGANIZATION, 9_359L, EntityType.VESSEL, 1_370L,
                EntityType.AIRCRAFT, 335L), types);
        assertTrue(sdn.entities().stream().allMatch(e -> e.primaryName().kind() == EntityName.Kind.PRIMARY));
        Map<EntityName.Kind, Long> kinds = sdn.entities().stream().flatMap(e -> e.names().stream())
                .collect(Collectors.groupingBy(EntityName::kind, TreeMap::new, Collectors.counting()));
        assertEquals(18_367L, kinds.get(EntityName.Kind.PRIMARY));
        assertEquals(23_768L, kinds.get(EntityName.Kind.AKA));
        assertEquals(624L, kinds.get(EntityName.Kind.FKA));
        assertEquals(18L, kinds.get(EntityName.Kind.NKA));
        assertEquals(5_705L, kinds.get(EntityName.Kind.ORIGINAL_SCRIPT), "48,482 DocumentedNames less 42,777 Latin ones");
        long weakLatin = sdn.entities().stream().flatMap(e -> e.names().stream())
                .filter(n -> n.weak() && n.kind() != EntityName.Kind.ORIGINAL_SCRIPT).count();
        assertEquals(4_321, weakLatin, "LowQuality=\"true\" aliases");
    }

    @Test
    void theDecompressedXmlHasTheChecksumOfacPublished() {
        String recorded = new String(ListFiles.bytes("lists/ofac-sdn/sdn_advanced_checksum.txt"), StandardCharsets.US_ASCII);
        assertTrue(recorded.trim().endsWith("= " + OFAC_CHECKSUM), recorded);
        assertEquals(OFAC_CHECKSUM, sdn.sha256());
    }

    @Test
    void aColombianNarcoticsTraffickerIsMappedWithNamesDatesDocumentsAndProgram() {
        Entity e = bySource.get("4107");
        assertEquals("OFAC_SDN:4107", e.id());
        assertEquals(EntityType.PERSON, e.type());
        assertEquals(new EntityName("RODRIGUEZ OREJUELA, Gilberto Jose", EntityName.Kind.PRIMARY, EntityName.Strength.STRONG,
                "Gilberto Jose", "RODRIGUEZ OREJUELA"), e.primaryName());
        assertEquals(List.of("THE CHESS PLAYER", "LUCAS"), e.names().stream().skip(1).map(EntityName::full).toList());
        assertTrue(e.names().stream().skip(1).allMatch(n -> n.weak() && n.kind() == EntityName.Kind.AKA));
        assertEquals(List.of(BirthDate.exact(new PartialDate(1939, 1, 31))), e.birthDates());
        assertEquals(List.of("Cedula No. 6068015 CO", "Passport T321642 CO", "Passport 6067015 KM", "Passport 77588 AR",
                        "Passport 10545599 VE", "Cedula No. 6067015 CO"),
                e.identifiers().stream().map(i -> i.type() + " " + i.normalized() + " " + i.country()).toList());
        assertEquals(List.of("SDNT"), e.programs());
        assertEquals("1995-10-23", e.listedOn());
        assertEquals(List.of(new CountryRef("CO", CountryRef.Role.ADDRESS)), e.countries());
        assertTrue(e.wallets().isEmpty());
    }

    @Test
    void aRussianExchangeCarriesItsDigitalCurrencyAddresses() {
        Entity suex = bySource.get("33151");
        assertEquals(EntityType.ORGANIZATION, suex.type());
        assertEquals("SUEX OTC, S.R.O.", suex.primaryName().full());
        assertNull(suex.primaryName().family(), "an organisation's comma is not a family/given split");
        assertTrue(suex.names().contains(new EntityName("Successful Exchange", EntityName.Kind.AKA, EntityName.Strength.WEAK,
                null, null)));
        assertEquals(25, suex.wallets().size());
        assertTrue(suex.wallets().contains(WalletAddress.of("ETH", "0x2f389ce8bd8ff92de3402ffce4691d17fc4f6535")));
        assertTrue(suex.wallets().contains(WalletAddress.of("XBT", "bc1qdt3gml5z5n50y5hm04u2yjdphefkm0fl2zdj68")));
        assertEquals(Set.of("XBT", "ETH", "USDT"), suex.wallets().stream().map(WalletAddress::ticker).collect(Collectors.toSet()));
        assertEquals(List.of("CYBER2"), suex.programs());
        assertEquals("2021-09-21", suex.listedOn());
    }

    @Test
    void theAddressesAreExactlyThePerTickerListsOnceExtractedFromTheSameFile() {
        Map<String, Set<String>> fromXml = sdn.entities().stream().flatMap(e -> e.wallets().stream())
                .collect(Collectors.groupingBy(WalletAddress::ticker, TreeMap::new,
                        Collectors.mapping(WalletAddress::address, Collectors.toSet())));
        assertEquals(19, fromXml.size());
        int total = 0;
        for (String ticker : fromXml.keySet()) {
            String txt = new String(ListFiles.bytes("lists/ofac-wallets/sanctioned_addresses_" + ticker + ".txt"),
                    StandardCharsets.UTF_8);
            Set<String> listed = Arrays.stream(txt.split("\\R")).map(String::trim).filter(s -> !s.isEmpty())
                    .collect(Collectors.toSet());
            assertEquals(listed, fromXml.get(ticker), ticker);
            total += listed.size();
        }
        assertEquals(758, total);
    }

    @Test
    void yearMonthRangeAndCircaPeriodsBecomeBirthDates() {
        assertEquals("1951", birth(1951, 1, 1, 1951, 12, 31, false).toString());
        assertEquals("~1951", birth(1951, 1, 1, 1951, 12, 31, true).toString());
        assertEquals("1938-09", birth(1938, 9, 1, 1938, 9, 30, false).toString());
        assertEquals("1955/1957", birth(1955, 1, 1, 1957, 12, 31, false).toString());
        assertEquals("1946-09-26/1946-12-07", birth(1946, 9, 26, 1946, 12, 7, false).toString());
        assertEquals("1948-12-10", birth(1948, 12, 10, 1948, 12, 10, false).toString());
        assertTrue(sdn.entities().stream().flatMap(e -> e.birthDates().stream()).anyMatch(BirthDate::circa));
    }

    private static BirthDate birth(int y1, int m1, int d1, int y2, int m2, int d2, boolean circa) {
        return OfacAdvancedProfiles.birthDate(new Period(new Day(y1, m1, d1), new Day(y2, m2, d2), circa)).orElseThrow();
    }

    @Test
    void listReaderTakesThePlainDownloadAndTheBundledArchiveAlike() throws IOException {
        byte[] bz2 = ListFiles.bytes(BUNDLED);
        byte[] xml;
        try (InputStream in = new BZip2CompressorInputStream(new ByteArrayInputStream(bz2))) {
            xml = in.readAllBytes();
        }
        // the bundled .bz2 through ListReader: BundledListsTest (the service's own load)
        ListSnapshot plain = new ListReader().read(ListId.OFAC_SDN, Map.of("sdn_advanced.xml", xml), "x", null, Instant.now(), "");
        assertEquals(OFAC_CHECKSUM, plain.version().sha256());
        assertEquals(ListReader.sha256(Map.of("sdn_advanced.xml", xml)), plain.version().sha256(),
                "a refresh compares the download's hash with the serving version's");
        assertEquals(Instant.parse("2025-11-19T00:00:00Z"), plain.version().publishedAt());
        assertEquals(18_367, plain.version().entityCount());
        assertEquals(sdn.entities(), plain.entities(), "the same entities as from the .bz2");
    }

    @Test
    void aTruncatedOrEmptyFileIsAListFormatErrorNotACrash() throws IOException {
        byte[] bz2 = ListFiles.bytes(BUNDLED);
        OfacAdvancedXmlParser parser = new OfacAdvancedXmlParser(ListId.OFAC_SDN);
        assertThrows(ListFormatException.class, () -> parser.parseBzip2(Arrays.copyOf(bz2, bz2.length / 2)));
        assertThrows(ListFormatException.class, () -> parser.parseBzip2("not bzip2".getBytes(StandardCharsets.US_ASCII)));
        byte[] head;
        try (InputStream in = new BZip2CompressorInputStream(new ByteArrayInputStream(bz2))) {
            head = in.readNBytes(2_000_000);
        }
        var cut = assertThrows(ListFormatException.class, () -> parser.parse(head));
        assertTrue(cut.getMessage().contains("does not parse"), cut.getMessage());
        assertThrows(ListFormatException.class, () -> parser.parse(new byte[0]));
        assertThrows(ListFormatException.class, () -> parser.parse("<sdnList/>".getBytes(StandardCharsets.US_ASCII)));
        assertThrows(ListFormatException.class, () -> parser.parse("<Sanctions/>".getBytes(StandardCharsets.US_ASCII)));
        var empty = assertThrows(ListFormatException.class, () -> new ListReader().read(ListId.OFAC_SDN,
                Map.of("sdn_advanced.xml", new byte[0]), "x", null, Instant.now(), ""));
        assertTrue(empty.getMessage().contains("empty"), empty.getMessage());
        assertFalse(sdn.entities().isEmpty());
    }
}
