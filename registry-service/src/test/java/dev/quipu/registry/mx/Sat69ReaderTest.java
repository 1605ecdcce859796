package dev.quipu.registry.mx;

import dev.quipu.registry.load.BundledRows;
import dev.quipu.registry.store.StoredRow;
import dev.quipu.registry.taxid.TaxIds;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * SAT's Art. 69 list, read from a CONSTRUCTED file (test resources registry/mx/README.md): no real copy
 * was available.
 */
class Sat69ReaderTest {

    static final String CONSTRUCTED = "registry/mx/constructed-listado-69.csv";
    private final BundledRows rows = BundledRows.read(new Sat69Dataset(new TaxIds()), CONSTRUCTED, 7);

    @Test
    void oneRowPerRfcAndSupuestoKeyedByTheRfc() {
        assertEquals(List.of("FIRMES", "NO LOCALIZADOS"),
                rows.of("ECU200101AB6").stream().map(r -> r.fields().get("SUPUESTO")).toList());
        assertEquals(3, rows.accepted());
    }

    @Test
    void aMalformedRfcIsSkipped() {
        assertEquals(Map.of("malformed RFC", 1), rows.skipped);
    }

    @Test
    void columnsKeepSatsNamesDecodedFromWindows1252() {
        StoredRow row = rows.of("PRU1901151C1").get(0);
        assertEquals("PRUEBA CONSTRUIDA DOS, S. DE R.L. DE C.V.", row.fields().get("RAZÓN SOCIAL"));
        assertEquals("01/01/2020", row.fields().get("FECHAS DE PRIMERA PUBLICACIÓN"));
        assertEquals("8,400.50", row.fields().get("MONTO"));
    }

    @Test
    void withoutALegendTheCutOffIsUnknown() {
        assertFalse(rows.cutOff.known());
    }
}
