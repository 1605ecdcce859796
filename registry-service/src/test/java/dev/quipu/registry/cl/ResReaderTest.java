package dev.quipu.registry.cl;

import dev.quipu.registry.load.BundledRows;
import dev.quipu.registry.store.StoredRow;
import dev.quipu.registry.taxid.TaxIds;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Registro de Empresas y Sociedades' 2013 file as bundled (SOURCES.md "Chile"). */
class ResReaderTest {

    static final String FILE = "registry/cl/res/2013-sociedades-por-fecha-rut-constitucion.csv.gz";
    private final ResDataset dataset = new ResDataset(new TaxIds());
    private final BundledRows rows = BundledRows.read(dataset, FILE, 1);

    @Test
    void everyCompanyConstitutedIn2013IsReadWithItsRutAsKey() {
        assertEquals(20_671, rows.accepted());
        assertEquals(Map.of(), rows.skipped);
        assertEquals(20_671, rows.rows.stream().map(StoredRow::key).distinct().count());
    }

    @Test
    void theKeyIsTheNormalisedRutWithItsCheckDigitK() {
        StoredRow enubis = rows.of("76286049K").get(0);
        assertEquals("76286049-K", enubis.fields().get("RUT"));
        assertEquals("Servicios Digitales Enubis Cam limitada", enubis.fields().get("Razon Social"));
    }

    @Test
    void theBomIsNotPartOfTheFirstColumnsName() {
        assertTrue(rows.of("76286049K").get(0).fields().containsKey("ID"));
    }

    @Test
    void utf8IsDecoded() {
        assertEquals("CONSTITUCIÓN", rows.of("76286049K").get(0).fields().get("Tipo de actuacion"));
    }

    @Test
    void theCutOffIsTheClosedYear() {
        assertEquals(LocalDate.of(2013, 12, 31), rows.cutOff.date());
        assertEquals("a closed year of constitutions: registrations to 31 December 2013", rows.cutOff.basis());
    }

    @Test
    void legalFormsAreTheCompanyCodesOfTheFile() {
        assertEquals(15_507, rows.rows.stream().filter(r -> "SRL".equals(r.fields().get("Codigo de sociedad"))).count());
        assertEquals(5_164, rows.rows.stream().filter(r -> "EIRL".equals(r.fields().get("Codigo de sociedad"))).count());
    }

    @Test
    void recognisesTheYearFilesNames() {
        assertTrue(dataset.recognises("2013-sociedades-por-fecha-rut-constitucion.csv"));
        assertTrue(dataset.recognises("2021-sociedades-por-fecha-rut-constitucion.csv.gz"));
        assertFalse(dataset.recognises("nomina.txt"));
    }
}
