package dev.quipu.sanctions.matching;

import dev.quipu.sanctions.lists.ListId;
import dev.quipu.sanctions.lists.PartialDate;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ScreenerTest {

    private final Screener screener = new Screener(RealIndex.NORMALIZER);

    private List<Match> screen(String name, String type) {
        return screener.screen(RealIndex.INDEX, new ScreeningQuery(name, type, null, null, null, List.of(),
                EnumSet.allOf(ListId.class), 0.7, 10));
    }

    @Test
    void everyListLoadsIntoOneIndex() {
        assertEquals(5, RealIndex.INDEX.versions().size());
        assertTrue(RealIndex.INDEX.entities().size() > 25_000, "SDN 18,367 + non-SDN 442 + UN 1,003 + EU 5 + UK 5,694");
        assertTrue(RealIndex.INDEX.nameCount() > 65_000, "69,117 indexed names");
    }

    @Test
    void aListedColombianIsFoundInGivenFamilyOrder() {
        List<Match> m = screen("Gilberto José Rodríguez Orejuela", "person");
        assertEquals("OFAC_SDN:4107", m.get(0).entity().id());
        assertTrue(m.get(0).score() >= 0.95, () -> m.get(0).toString());
    }

    @Test
    void anOmittedSecondSurnameCostsLittleAndAContradictingOneALot() {
        List<Match> omitted = screen("Gilberto Rodriguez", "person");
        assertTrue(omitted.stream().anyMatch(x -> x.entity().id().equals("OFAC_SDN:4107")));
        List<Match> contradicted = screen("Gilberto Rodriguez Martinez", "person");
        assertTrue(contradicted.stream().noneMatch(x -> x.entity().id().equals("OFAC_SDN:4107")),
                () -> contradicted.toString());
    }

    @Test
    void aTypoWithinTheBudgetStillMatches() {
        List<Match> m = screen("Gilberto Rodriguez Orejuella", "person");
        assertEquals("OFAC_SDN:4107", m.get(0).entity().id());
    }

    @Test
    void aMexicanCompanyMatchesWhateverItsLegalFormSpelling() {
        List<Match> m = screen("Distribuidora Imperial de Baja California SA de CV", "company");
        assertEquals("OFAC_SDN:7156", m.get(0).entity().id());
        assertTrue(m.get(0).score() >= 0.95);
    }

    @Test
    void anIdentifierDecidesAlone() {
        List<Match> m = screener.screen(RealIndex.INDEX, new ScreeningQuery("Unknown Name", "company", null, null, null,
                List.of("DIB-771110-HQ1"), EnumSet.allOf(ListId.class), 0.7, 10));
        assertEquals("OFAC_SDN:7156", m.get(0).entity().id());
        assertTrue(m.get(0).features().containsKey("identifier"));
    }

    @Test
    void aConflictingBirthYearLowersTheScore() {
        double agree = screener.screen(RealIndex.INDEX, new ScreeningQuery("Gilberto Jose Rodriguez Orejuela", "person",
                null, null, PartialDate.parseIso("1939-01-31").orElseThrow(), List.of(), EnumSet.allOf(ListId.class), 0, 1))
                .get(0).score();
        double conflict = screener.screen(RealIndex.INDEX, new ScreeningQuery("Gilberto Jose Rodriguez Orejuela", "person",
                null, null, PartialDate.parseIso("1980").orElseThrow(), List.of(), EnumSet.allOf(ListId.class), 0, 1))
                .get(0).score();
        assertTrue(conflict <= agree - 0.15);
    }

    @Test
    void quickScreeningSeesOnlyTheSdn() {
        List<Match> m = screener.screen(RealIndex.INDEX, new ScreeningQuery("Tariq Aziz", "person", null, null, null,
                List.of(), EnumSet.of(ListId.OFAC_SDN), 0.7, 10));
        assertTrue(m.stream().allMatch(x -> x.entity().list() == ListId.OFAC_SDN));
    }

    @Test
    void aUnIndividualIsFoundByAnAlias() {
        List<Match> m = screen("Tariq Mikhail Aziz", "person");
        assertTrue(m.stream().anyMatch(x -> x.entity().id().equals("UN:6908072")));
    }

    @Test
    void aCommonLatinAmericanNameDoesNotAlert() {
        assertTrue(screen("María Fernanda Gómez Restrepo", "person").isEmpty(), () -> screen("María Fernanda Gómez Restrepo", "person").toString());
    }

    @Test
    void cyrillicIsTransliterated() {
        assertEquals("dmitriy yuryevich khoroshev", RealIndex.NORMALIZER.comparable("Дмитрий Юрьевич Хорошев"));
        assertEquals("sacv", RealIndex.NORMALIZER.tokens("Farmacia S.A. de C.V.").get(1).text());
    }
}
