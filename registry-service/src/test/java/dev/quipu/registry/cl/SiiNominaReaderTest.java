package dev.quipu.registry.cl;

import dev.quipu.registry.load.BundledRows;
import dev.quipu.registry.store.StoredRow;
import dev.quipu.registry.taxid.TaxIds;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** SII's nómina, read from a CONSTRUCTED file (test resources registry/cl/README.md): no real copy was available. */
class SiiNominaReaderTest {

    static final String CONSTRUCTED = "registry/cl/constructed-nomina-sii.txt";
    private final BundledRows rows = BundledRows.read(new SiiNominaDataset(new TaxIds()), CONSTRUCTED, 1);

    @Test
    void theRutIsItsBodyAndCheckDigitColumnsJoined() {
        assertEquals(1, rows.of("779999912").size());
        assertEquals(1, rows.of("779999920").size());
    }

    @Test
    void aWrongCheckDigitIsSkipped() {
        assertEquals(Map.of("malformed RUT", 1), rows.skipped);
    }

    @Test
    void columnsKeepSiisNamesAndEmptyCellsAreLeftOut() {
        StoredRow row = rows.of("779999912").get(0);
        assertEquals("SOCIEDAD CONSTRUIDA DE PRUEBA SPA", row.fields().get("Razón social"));
        assertEquals("VIÑA DEL MAR", row.fields().get("Comuna"));
        assertFalse(row.fields().containsKey("Fecha término de giro"));
    }

    @Test
    void theFileStatesNoCutOff() {
        assertFalse(rows.cutOff.known());
    }
}
