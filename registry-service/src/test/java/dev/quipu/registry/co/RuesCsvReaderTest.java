package dev.quipu.registry.co;

import dev.quipu.registry.load.CutOff;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The RUES bulk export reader, on CONSTRUCTED files written from the dataset's documented field list
 * ({@code constructed-rues-export*.csv}, see the README beside them): no real RUES rows are available.
 */
class RuesCsvReaderTest {

    private static final String DISPLAY_NAMES = "dev/quipu/registry/co/constructed-rues-export.csv";
    private static final String API_NAMES = "dev/quipu/registry/co/constructed-rues-export-api-names.csv";

    private final RuesDataset rues = new RuesDataset();

    @Test
    void keysEachMatriculaByTheNitBodyAndKeepsSeveralMatriculasOfOneNit() {
        RecordingSink sink = Samples.read(rues, DISPLAY_NAMES, null);
        assertEquals(List.of("899999068", "900000001", "899999068"), sink.rows.stream().map(RecordingSink.Row::key).toList());
    }

    @Test
    void mapsDisplayNameHeadingsToTheApiFieldNames() {
        Map<String, String> ecopetrol = Samples.read(rues, DISPLAY_NAMES, null).rows.get(0).fields();
        assertEquals("BOGOTA", ecopetrol.get("camara_comercio"));
        assertEquals("0000000001", ecopetrol.get("matricula"));
        assertEquals("ECOPETROL S.A", ecopetrol.get("razon_social"));
        assertEquals("1", ecopetrol.get("digito_verificacion"));
        assertEquals("2025", ecopetrol.get("ultimo_ano_renovado"));
        assertEquals("ACTIVA", ecopetrol.get("estado_matricula"));
        assertEquals("REPRESENTANTE CONSTRUIDO UNO", ecopetrol.get("representante_legal"));
    }

    @Test
    void readsAHeaderOfApiFieldNamesAlike() {
        RecordingSink sink = Samples.read(rues, API_NAMES, null);
        assertEquals(1, sink.rows.size());
        assertEquals("ECOPETROL S.A", sink.rows.get(0).fields().get("razon_social"));
    }

    @Test
    void dropsNaturalPersonsIdentifiersAndNamePartsAsItReads() {
        for (String file : List.of(DISPLAY_NAMES, API_NAMES)) {
            for (RecordingSink.Row row : Samples.read(rues, file, null).rows) {
                for (String personal : RuesFields.PERSONAL) {
                    assertFalse(row.fields().containsKey(personal), file + " kept " + personal);
                }
                assertTrue(row.fields().keySet().stream().allMatch(RuesFields::company), row.fields().keySet().toString());
            }
        }
    }

    @Test
    void skipsARowWithoutNitAndARowWhoseCheckDigitIsWrong() {
        RecordingSink sink = Samples.read(rues, DISPLAY_NAMES, null);
        assertEquals(2, sink.skipped.size());
        assertTrue(sink.skipped.get(0).startsWith("row without NIT"), sink.skipped.toString());
        assertEquals("digito_verificacion is not the NIT's DIAN check digit", sink.skipped.get(1));
    }

    @Test
    void theCutOffIsTheNewestUpdateDateInTheFile() {
        CutOff[] cutOff = new CutOff[1];
        Samples.read(rues, DISPLAY_NAMES, cutOff);
        assertEquals(new CutOff(LocalDate.of(2026, 3, 12), "newest fecha_actualizacion in the file"), cutOff[0]);
    }
}
