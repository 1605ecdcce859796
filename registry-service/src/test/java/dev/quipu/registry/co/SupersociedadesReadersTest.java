package dev.quipu.registry.co;

import dev.quipu.registry.load.CutOff;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Supersociedades' rankings as bundled: the 2025 workbook (10,000 companies) and the 2018 CSV (1,000). */
class SupersociedadesReadersTest {

    private final SupersociedadesEmpresas2025 ranking2025 = new SupersociedadesEmpresas2025();
    private final SupersociedadesEmpresas2018 ranking2018 = new SupersociedadesEmpresas2018();

    @Test
    void theWorkbookHoldsTenThousandCompaniesEachKeyedByItsNitBody() {
        RecordingSink sink = Samples.read(ranking2025, Samples.XLSX_2025, null);
        assertEquals(10_000, sink.rows.size());
        assertEquals(0, sink.skipped.size());
        assertEquals(10_000, sink.rows.stream().map(RecordingSink.Row::key).distinct().count());
        assertEquals("899999068", sink.rows.get(0).key());
        assertEquals("901147329", sink.rows.get(9_999).key());
    }

    @Test
    void theWorkbooksFirstRowIsEcopetrolWithItsColumnsAsPublished() {
        Map<String, String> ecopetrol = Samples.read(ranking2025, Samples.XLSX_2025, null).first("899999068").fields();
        assertEquals("ECOPETROL S.A", ecopetrol.get("RAZON SOCIAL"));
        assertEquals("1", ecopetrol.get("RANKING 2025"));
        assertEquals("SUPERFINANCIERA", ecopetrol.get("SUPERVISOR"));
        assertEquals("BOGOTA D.C.", ecopetrol.get("CIUDAD DOMICILIO"));
        assertEquals("DISTRITO CAPITAL DE BOGOTÁ", ecopetrol.get("DEPARTAMENTO DOMICILIO"));
        assertEquals("B0610 - Extracción de petróleo crudo", ecopetrol.get("CIIU"));
        assertEquals("MINERO", ecopetrol.get("MACROSECTOR"));
        assertEquals("100590667613", ecopetrol.get("INGRESOS OPERACIONALES 2025*"));
        assertEquals("198110860034", ecopetrol.get("TOTAL ACTIVOS 2025"));
        assertEquals(19, ecopetrol.size(), "the repeated RANKING 2025 column is kept once: " + ecopetrol.keySet());
    }

    @Test
    void aFormulaCellIsReadAsTheValueTheWorkbookComputed() {
        // J7 holds =16425351470+34895496+459650574
        Map<String, String> sixth = Samples.read(ranking2025, Samples.XLSX_2025, null).first("890900608").fields();
        assertEquals("16919897540", sixth.get("INGRESOS OPERACIONALES 2025*"));
    }

    @Test
    void theWorkbooksCutOffIsTheEndOfTheFiscalYearItsFiguresAreFor() {
        CutOff[] cutOff = new CutOff[1];
        Samples.read(ranking2025, Samples.XLSX_2025, cutOff);
        assertEquals(LocalDate.of(2025, 12, 31), cutOff[0].date());
        assertEquals("fiscal year 2025 figures (column \"INGRESOS OPERACIONALES 2025*\")", cutOff[0].basis());
    }

    @Test
    void theCsvHoldsOneThousandCompanies() {
        RecordingSink sink = Samples.read(ranking2018, Samples.CSV_2018, null);
        assertEquals(1_000, sink.rows.size());
        assertEquals(0, sink.skipped.size());
        assertEquals("PALMAS DEL CESAR S.A.", sink.rows.get(999).fields().get("RAZON SOCIAL"));
        assertEquals("1,000", sink.rows.get(999).fields().get("No."));
    }

    @Test
    void theCsvsNitWithThousandsSeparatorsIsReadAsTheBody() {
        RecordingSink.Row first = Samples.read(ranking2018, Samples.CSV_2018, null).rows.get(0);
        assertEquals("899999068", first.key());
        assertEquals("899,999,068", first.fields().get("NIT"), "the field keeps the publisher's writing");
        assertEquals("ECOPETROL S.A", first.fields().get("RAZON SOCIAL"));
    }

    @Test
    void theCsvsHeaderCellsWithALineBreakAreReadAsOneName() {
        Map<String, String> ecopetrol = Samples.read(ranking2018, Samples.CSV_2018, null).first("899999068").fields();
        assertEquals("62,579,849,000", ecopetrol.get("INGRESOS OPERACIONALES 2018*"));
        assertEquals("49,687,082,000", ecopetrol.get("INGRESOS OPERACIONALES 2017*"));
        assertFalse(ecopetrol.keySet().stream().anyMatch(k -> k.contains("\n")));
    }

    @Test
    void theCsvsSupervisorsAreCountedAsSourcesMdCountsThem() {
        Map<String, Long> supervisors = Samples.read(ranking2018, Samples.CSV_2018, null).rows.stream()
                .collect(Collectors.groupingBy(r -> r.fields().get("SUPERVISOR"), Collectors.counting()));
        assertEquals(Map.of("SUPERSOCIEDADES", 896L, "SUPERSALUD", 42L, "SUPERFINANCIERA", 38L, "SUPERSERVICIOS", 16L,
                "SUPERVIGILANCIA", 8L), supervisors);
    }

    @Test
    void theCsvsCutOffIsTheEndOfFiscalYear2018() {
        CutOff[] cutOff = new CutOff[1];
        Samples.read(ranking2018, Samples.CSV_2018, cutOff);
        assertEquals(LocalDate.of(2018, 12, 31), cutOff[0].date());
        assertTrue(cutOff[0].basis().startsWith("fiscal year 2018 figures"));
    }

    @Test
    void eachDatasetRecognisesItsOwnFileNames() {
        assertTrue(ranking2025.recognises("Base_10000_empresas_2026.xlsx"));
        assertFalse(ranking2025.recognises("1000_Empresas_mas_grandes_del_pa_s.csv"));
        assertTrue(ranking2018.recognises("1000_Empresas_mas_grandes_del_pa_s.csv"));
        assertFalse(ranking2018.recognises("Base_10000_empresas_2026.xlsx"));
        assertTrue(new RuesDataset().recognises("Personas_Naturales,_Personas_Jurídicas_y_Entidades_Sin_Animo_de_Lucro_20260101.csv"));
    }
}
