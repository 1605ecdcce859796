package dev.quipu.registry.mx;

import dev.quipu.registry.load.BundledRows;
import dev.quipu.registry.store.StoredRow;
import dev.quipu.registry.taxid.TaxIds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** SAT's Art. 69-B list, both bundled editions (SOURCES.md "SAT Art. 69-B list"). */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class Sat69bReaderTest {

    static final String DIR = "registry/mx/sat-69b/";
    private final Sat69bDataset dataset = new Sat69bDataset(new TaxIds());
    private final BundledRows y2022 = BundledRows.read(dataset, DIR + "Listado_Completo_69-B_2022-11-30.csv.gz", 2);
    private final BundledRows y2021 = BundledRows.read(dataset, DIR + "Listado_Completo_69-B_2021-05-18.csv.gz", 1);

    @Test
    void everyRowOfThe2022EditionIsReadAndOnlyTheBlankedRfcsAreSkipped() {
        // 12,666 rows; SAT blanks the RFC of annulled procedures to XXXXXXXXXXXX (86 in 2022)
        assertEquals(12_666, y2022.accepted() + y2022.skipped.values().stream().mapToInt(Integer::intValue).sum());
        assertEquals(Map.of("malformed RFC", 86), y2022.skipped);
    }

    @Test
    void everyRowOfThe2021EditionIsReadAndOnlyTheBlankedRfcsAreSkipped() {
        assertEquals(12_505, y2021.accepted() + y2021.skipped.values().stream().mapToInt(Integer::intValue).sum());
        assertEquals(Map.of("malformed RFC", 87), y2021.skipped);
    }

    @Test
    void theCutOffIsTheLegendsDateInSpanish() {
        assertEquals(LocalDate.of(2022, 11, 30), y2022.cutOff.date());
        assertEquals("legend \"Información actualizada al 30 de noviembre de 2022\"", y2022.cutOff.basis());
        assertEquals(LocalDate.of(2021, 5, 18), y2021.cutOff.date());
        assertEquals("legend \"Información actualizada al 18 de mayo de 2021\"", y2021.cutOff.basis());
    }

    @Test
    void windows1252IsDecodedInColumnNamesAndValues() {
        StoredRow row = y2022.of("AAA080808HL8").get(0);
        assertEquals("Sentencia Favorable", row.fields().get("Situación del contribuyente"));
        assertEquals("ASESORES EN AVALÚOS Y ACTIVOS, S.A. DE C.V.", row.fields().get("Nombre del Contribuyente"));
        StoredRow enie = y2022.of("ÑAÑ140114GY4").get(0);
        assertEquals("ÑEHAHA & ÑEAHAHA, S.A. DE C.V.", enie.fields().get("Nombre del Contribuyente"));
    }

    @Test
    void aRowHasTheTwentyPublishedColumnsLessTheEmptyOnes() {
        StoredRow geodal = y2022.of("GAS1510292Z1").get(0);
        assertEquals("GEODAL ASOCIADOS, S.A. DE C.V.", geodal.fields().get("Nombre del Contribuyente"));
        assertEquals("Definitivo", geodal.fields().get("Situación del contribuyente"));
        assertEquals("16/06/2021", geodal.fields().get("Publicación página SAT definitivos"));
        assertFalse(geodal.fields().containsKey("Publicación página SAT sentencia favorable"));
        assertEquals(List.of("No", "RFC", "Nombre del Contribuyente", "Situación del contribuyente"),
                y2022.of("AAA080808HL8").get(0).fields().keySet().stream().limit(4).toList());
        // 20 columns, the four of the desvirtuados stage empty for this company
        assertEquals(16, y2022.of("AAA080808HL8").get(0).fields().size());
    }

    @Test
    void rfcsWithAWrongCheckDigitAreKeptAsSatIssuedThem() {
        assertEquals(1, y2022.of("ACC071123LL9").size());
        assertEquals(1, y2022.of("CAHE800909U93").size());
    }

    @Test
    void anRfcWithTwoProceduresHasTwoRows() {
        List<StoredRow> rows = y2022.of("CACL7806172Y1");
        assertEquals(List.of("Presunto", "Definitivo"),
                rows.stream().map(r -> r.fields().get("Situación del contribuyente")).toList());
    }

    @Test
    void theQuotedFieldWithBareLineFeedsStaysOneRow() {
        // the row numbers ("No") of the accepted rows plus the skipped ones leave no gap and no split row
        long distinctNumbers = y2022.rows.stream().map(r -> r.fields().get("No")).distinct().count();
        assertEquals(y2022.accepted(), distinctNumbers);
        assertTrue(y2022.rows.stream().allMatch(r -> r.fields().get("No").matches("\\d+")));
    }

    @Test
    void recognisesSatsFileNamesButNotTheArt69List() {
        assertTrue(dataset.recognises("Listado_Completo_69-B.csv"));
        assertTrue(dataset.recognises("Listado_completo_69-B.csv"));
        assertTrue(dataset.recognises("Listado_Completo_69-B_2022-11-30.csv.gz"));
        assertFalse(dataset.recognises("Listado_Completo_69.csv"));
        assertFalse(new Sat69Dataset(new TaxIds()).recognises("Listado_Completo_69-B.csv"));
        assertTrue(new Sat69Dataset(new TaxIds()).recognises("Listado_Completo_69.csv"));
    }
}
