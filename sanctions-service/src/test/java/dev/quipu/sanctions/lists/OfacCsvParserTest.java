package dev.quipu.sanctions.lists;

import dev.quipu.sanctions.wallets.WalletAddress;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OfacCsvParserTest {

    private static Map<String, Entity> bySource(List<Entity> entities) {
        return entities.stream().collect(Collectors.toMap(Entity::sourceId, Function.identity()));
    }

    private static List<Entity> fullSdn() {
        return new OfacCsvParser(ListId.OFAC_SDN).parse(ListFiles.text("lists/ofac-sdn/sdn.csv"),
                ListFiles.text("lists/ofac-sdn/alt.csv"), ListFiles.text("lists/ofac-sdn/add.csv"), null);
    }

    @Test
    void theFullMay2024SdnFileYieldsEveryRecord() {
        List<Entity> sdn = fullSdn();
        assertEquals(14_965, sdn.size());
        Map<EntityType, Long> types = sdn.stream().collect(Collectors.groupingBy(Entity::type, Collectors.counting()));
        assertEquals(6_854, types.get(EntityType.PERSON));
        assertEquals(851, types.get(EntityType.VESSEL));
        assertEquals(376, types.get(EntityType.AIRCRAFT));
    }

    @Test
    void remarksGiveDatesIdentifiersAndWeakAliasesOfAColombianIndividual() {
        Entity e = bySource(fullSdn()).get("4107");
        EntityName primary = e.primaryName();
        assertEquals("RODRIGUEZ OREJUELA", primary.family());
        assertEquals("Gilberto Jose", primary.given());
        assertEquals(List.of("SDNT"), e.programs());
        assertEquals("1939-01-31", e.birthDates().get(0).from().toString());
        assertTrue(e.identifiers().stream().anyMatch(i -> i.type().equals("Cedula No") && i.normalized().equals("6068015")
                && "CO".equals(i.country())));
        assertTrue(e.names().stream().anyMatch(n -> n.weak() && n.full().equals("THE CHESS PLAYER")));
    }

    @Test
    void aMexicanCompanyCarriesItsRfc() {
        Entity e = bySource(fullSdn()).get("7156");
        assertEquals(EntityType.ORGANIZATION, e.type());
        assertEquals("DIB771110HQ1", e.identifiers().get(0).normalized());
        assertEquals("MX", e.identifiers().get(0).country());
    }

    @Test
    void circaAndRangeBirthDatesAreKept() {
        Map<String, Entity> sdn = bySource(fullSdn());
        BirthDate circa = sdn.get("7782").birthDates().get(0);
        assertTrue(circa.circa());
        assertEquals(1951, circa.from().year());
        assertNull(circa.from().month());
        assertTrue(OfacRemarks.birthDate("1958 to 1960").orElseThrow().range());
        assertEquals("1963-07", OfacRemarks.birthDate("Jul 1963").orElseThrow().from().toString());
    }

    @Test
    void aliasesFromAltCsvAreJoinedOnEntNum() {
        Entity e = bySource(fullSdn()).get("306");
        assertTrue(e.names().stream().anyMatch(n -> n.full().equals("NATIONAL BANK OF CUBA") && !n.weak()));
        assertTrue(e.names().stream().anyMatch(n -> n.full().equals("BNC") && n.weak()));
        assertTrue(e.countries().stream().anyMatch(c -> c.code().equals("CH") && c.role() == CountryRef.Role.ADDRESS));
    }

    @Test
    void walletsInTheRemarksOverflowAreReadFromSdnComments() {
        List<Entity> sample = new OfacCsvParser(ListId.OFAC_SDN).parse(ListFiles.text("lists/sdn-sample/sdn.csv"),
                ListFiles.text("lists/sdn-sample/alt.csv"), ListFiles.text("lists/sdn-sample/add.csv"),
                ListFiles.text("lists/sdn-sample/sdn_comments.csv"));
        assertEquals(17, sample.size());
        Map<String, Entity> by = bySource(sample);
        List<WalletAddress> suex = by.get("33151").wallets();
        assertTrue(suex.stream().anyMatch(w -> w.ticker().equals("ETH")
                && w.normalized().equals("0x2f389ce8bd8ff92de3402ffce4691d17fc4f6535")));
        assertTrue(suex.stream().anyMatch(w -> w.ticker().equals("USDT")), "overflowed USDT addresses");
        Entity khoroshev = by.get("48603");
        assertEquals("male", khoroshev.gender());
        assertTrue(khoroshev.wallets().stream().anyMatch(w -> w.family() == WalletAddress.ChainFamily.BECH32));
        assertTrue(khoroshev.names().stream().anyMatch(n -> n.weak() && n.full().equals("LOCKBITSUPP")));
        assertTrue(khoroshev.countries().contains(new CountryRef("RU", CountryRef.Role.NATIONALITY)));
    }

    @Test
    void olderSnapshotsOf2019AndDecember2023AndAprilParseToo() {
        OfacCsvParser p = new OfacCsvParser(ListId.OFAC_SDN);
        assertEquals(7_379, p.parse(ListFiles.text("lists/sdn-2019/sdn.csv"), ListFiles.text("lists/sdn-2019/alt.csv"),
                ListFiles.text("lists/sdn-2019/add.csv"), ListFiles.text("lists/sdn-2019/sdn_comments.csv")).size());
        assertEquals(13_821, p.parse(ListFiles.text("lists/sdn-full/sdn-2023-12.csv"), null, null, null).size());
        assertEquals(14_560, p.parse(ListFiles.text("lists/sdn-full/sdn-previous.csv"), null, null, null).size());
    }

    @Test
    void theNonSdnConsolidatedListParses() {
        List<Entity> cons = new OfacCsvParser(ListId.OFAC_CONS).parse(ListFiles.text("lists/ofac-cons/cons_prim.csv"),
                ListFiles.text("lists/ofac-cons/cons_alt.csv"), ListFiles.text("lists/ofac-cons/cons_add.csv"),
                ListFiles.text("lists/ofac-cons/cons_comments.csv"));
        assertEquals(442, cons.size());
        Entity haniya = bySource(cons).get("9639");
        assertEquals("HANIYA", haniya.primaryName().family());
        assertEquals(1962, haniya.birthDates().get(0).from().year());
        assertTrue(haniya.names().stream().anyMatch(n -> n.full().equals("HANIYA, Ismail")));
    }

    @Test
    void anEmptyDownloadIsRejected() {
        ListReader reader = new ListReader();
        var e = org.junit.jupiter.api.Assertions.assertThrows(ListFormatException.class, () -> reader.read(ListId.OFAC_SDN,
                Map.of("sdn.csv", ListFiles.bytes("lists/sdn-full/sdn-empty-download.csv")), "x", null,
                java.time.Instant.now(), ""));
        assertTrue(e.getMessage().contains("empty"));
    }
}
