package dev.quipu.registry.mx;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** INEGI's SCIAN 2023 workbook as bundled (SOURCES.md "scian_2023_categorias_y_productos.xlsx"). */
class ScianCatalogueTest {

    private final ScianCatalogue scian = new ScianCatalogue();

    @Test
    void eachLevelHasTheCodesInegiPublishes() {
        assertEquals(20, scian.level(ScianCatalogue.Level.SECTOR).size());
        assertEquals(94, scian.level(ScianCatalogue.Level.SUBSECTOR).size());
        assertEquals(305, scian.level(ScianCatalogue.Level.RAMA).size());
        assertEquals(610, scian.level(ScianCatalogue.Level.SUBRAMA).size());
        assertEquals(1_086, scian.level(ScianCatalogue.Level.CLASE).size());
    }

    @Test
    void titlesLoseTheTrinationalMarker() {
        assertEquals(Optional.of("Minería"), scian.title("21"));
        assertEquals(Optional.of("Cultivo de soya"), scian.title("111110"));
    }

    @Test
    void sectorRangesAreCodesToo() {
        assertEquals(Optional.of("Industrias manufactureras"), scian.title("31-33"));
    }

    @Test
    void anUnknownCodeHasNoTitle() {
        assertEquals(Optional.empty(), scian.title("999999"));
    }

    @Test
    void theMarkerIsOnlyATrailingTAfterALowerCaseLetter() {
        assertEquals("Cultivo de soya", ScianCatalogue.cleanTitle("Cultivo de soyaT "));
        assertEquals("Equipo AT", ScianCatalogue.cleanTitle("Equipo AT"));
    }
}
