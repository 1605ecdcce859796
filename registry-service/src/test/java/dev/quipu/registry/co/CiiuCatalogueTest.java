package dev.quipu.registry.co;

import dev.quipu.registry.company.Activity;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** DANE's CIIU Rev. 4 A.C. table as bundled (EstructuraDetalladaCIIU_4AC.xls). */
class CiiuCatalogueTest {

    private final CiiuCatalogue ciiu = new CiiuCatalogue();

    @Test
    void readsTheTablesFourHundredNinetyFiveClasses() {
        assertEquals(495, ciiu.classCount());
    }

    @Test
    void readsItsSectionsDivisionsAndGroups() {
        assertEquals(21, ciiu.sectionCount());
        assertEquals(88, ciiu.divisionCount());
        assertEquals(246, ciiu.groupCount());
        assertEquals(Optional.of("AGRICULTURA, GANADERÍA, CAZA, SILVICULTURA Y PESCA"), ciiu.sectionTitle("A"));
        assertEquals(Optional.of("Agricultura, ganadería, caza y actividades de servicios conexas"), ciiu.division("01"));
        assertEquals(Optional.of("Cultivos agrícolas transitorios"), ciiu.group("011"));
    }

    @Test
    void readsAClassStoredAsTextWithItsLeadingZeroWithoutTrailingSpaces() {
        assertEquals(Optional.of("Cultivo de cereales (excepto arroz), legumbres y semillas oleaginosas"), ciiu.description("0111"));
    }

    @Test
    void readsAClassStoredAsANumber() {
        assertEquals(Optional.of("Actividades de organizaciones y entidades extraterritoriales"), ciiu.description("9900"));
        assertEquals(Optional.of("Pompas fúnebres y actividades relacionadas"), ciiu.description("9603"));
    }

    @Test
    void knowsEachClassesSection() {
        assertEquals(Optional.of("B"), ciiu.section("0610"));
        assertEquals(Optional.of("U"), ciiu.section("9900"));
    }

    @Test
    void readsSupersociedadesWritingOfACodeAndTakesTheDescriptionFromDane() {
        Activity a = ciiu.activity("B0610 - Extracción de petróleo crudo", true).orElseThrow();
        assertEquals(new Activity("0610", "CIIU Rev. 4 A.C.", "Extracción de petróleo crudo", true), a);
        // the 2018 ranking writes some codes without the space before the dash
        assertEquals(Optional.of("8430"), CiiuCatalogue.classCode("O8430- Actividades de planes de seguridad social"));
    }

    @Test
    void readsRuesCodesWithOrWithoutTheirLeadingZero() {
        assertEquals(Optional.of("0610"), CiiuCatalogue.classCode("0610"));
        assertEquals(Optional.of("0610"), CiiuCatalogue.classCode("610"));
        assertEquals(Optional.of("4711"), CiiuCatalogue.classCode("4711"));
        assertTrue(CiiuCatalogue.classCode("sin actividad").isEmpty());
    }

    @Test
    void aClassNotInTheTableHasNoDescription() {
        Activity a = ciiu.activity("0010", false).orElseThrow();
        assertEquals("0010", a.code());
        assertNull(a.description());
    }
}
