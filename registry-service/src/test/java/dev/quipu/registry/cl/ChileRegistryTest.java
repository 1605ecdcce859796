package dev.quipu.registry.cl;

import dev.quipu.registry.load.BundledRows;
import dev.quipu.registry.company.Activity;
import dev.quipu.registry.company.Address;
import dev.quipu.registry.company.Capital;
import dev.quipu.registry.company.CompanyRecord;
import dev.quipu.registry.company.CompanyStatus;
import dev.quipu.registry.company.Confidence;
import dev.quipu.registry.lookup.Evidence;
import dev.quipu.registry.store.StoredRow;
import dev.quipu.registry.taxid.TaxIdCheck;
import dev.quipu.registry.taxid.TaxIdType;
import dev.quipu.registry.taxid.TaxIds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Chile's answers from the real 2013 register file (and the CONSTRUCTED nómina for SII's part). */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ChileRegistryTest {

    private final TaxIds taxIds = new TaxIds();
    private final ResDataset res = new ResDataset(taxIds);
    private final SiiNominaDataset nomina = new SiiNominaDataset(taxIds);
    private final BundledRows y2013 = BundledRows.read(res, ResReaderTest.FILE, 1);
    private final BundledRows constructed = BundledRows.read(nomina, SiiNominaReaderTest.CONSTRUCTED, 2);
    private final ChileRegistry registry = new ChileRegistry(nomina, res,
            Clock.fixed(Instant.parse("2026-01-15T12:00:00Z"), ZoneOffset.UTC));

    private Optional<CompanyRecord> answer(String rut, BundledRows... loads) {
        TaxIdCheck id = taxIds.check(TaxIdType.RUT, rut);
        List<StoredRow> rows = new ArrayList<>();
        for (BundledRows l : loads) {
            rows.addAll(l.of(id.normalized()));
        }
        return registry.assemble(id, new Evidence(List.of(), rows));
    }

    @Test
    void aCompanyOfTheRegisterIsItsConstitution() {
        CompanyRecord enubis = answer("76.286.049-K", y2013).orElseThrow();
        assertEquals("Servicios Digitales Enubis Cam limitada", enubis.company().legalName());
        assertEquals("Sociedad de Responsabilidad Limitada", enubis.company().legalForm());
        assertEquals("Registro de Empresas y Sociedades — constitución", enubis.company().registrationType());
        assertEquals(LocalDate.of(2013, 5, 2), enubis.company().registrationDate());
        assertEquals(new Capital(new BigDecimal("7000000"), "CLP"), enubis.company().capital());
        assertEquals(new Address(null, null, "MAIPU", "Región Metropolitana de Santiago", null, "CL"), enubis.company().address());
        assertEquals("76.286.049-K", enubis.company().taxId().formatted());
    }

    @Test
    void theRegisterSaysNothingOfTheCurrentStatus() {
        CompanyRecord enubis = answer("76286049-K", y2013).orElseThrow();
        assertEquals(CompanyStatus.unknown(), enubis.company().status());
        assertTrue(enubis.notVerified().get(0).startsWith("Only the company's constitution is known"));
    }

    @Test
    void theRegisterAloneIsMediumConfidenceAsAPartialRecord() {
        Confidence c = answer("76286049-K", y2013).orElseThrow().confidence();
        assertEquals(Confidence.Level.MEDIUM, c.level());
        assertTrue(c.reason().contains("publishes part of the registry record"), c.reason());
    }

    @Test
    void anEirlIsAnEmpresaIndividual() {
        StoredRow eirl = y2013.rows.stream().filter(r -> "EIRL".equals(r.fields().get("Codigo de sociedad"))).findFirst()
                .orElseThrow();
        CompanyRecord r = answer(eirl.fields().get("RUT"), y2013).orElseThrow();
        assertEquals("Empresa Individual de Responsabilidad Limitada", r.company().legalForm());
        assertEquals(eirl.fields().get("Razon Social"), r.company().legalName());
    }

    @Test
    void theSourceIsTheRegistersSnapshotWithItsCutOff() {
        CompanyRecord enubis = answer("76286049-K", y2013).orElseThrow();
        assertEquals(1, enubis.sources().size());
        assertEquals(ResDataset.ID, enubis.sources().get(0).id());
        assertEquals(LocalDate.of(2013, 12, 31), enubis.sources().get(0).cutOff());
        assertEquals(ResDataset.ID, enubis.fieldSources().get("legal_name"));
    }

    @Test
    void aRutNoSourceKnowsHasNoRecord() {
        // SII's own RUT (research note §4.5) was not constituted in 2013
        assertEquals(Optional.empty(), answer("60.803.000-K", y2013));
    }

    @Test
    void siisNominaGivesTheCurrentStateActivityAndSize() {
        // CONSTRUCTED nómina rows (test resources registry/cl/README.md)
        CompanyRecord r = answer("77.999.991-2", constructed).orElseThrow();
        assertEquals("SOCIEDAD CONSTRUIDA DE PRUEBA SPA", r.company().legalName());
        assertEquals(new CompanyStatus("sin término de giro", CompanyStatus.ACTIVE, null), r.company().status());
        assertEquals(List.of(new Activity("620100", "SII actividad económica", "ACTIVIDADES DE PROGRAMACIÓN INFORMÁTICA", true)),
                r.company().activities());
        assertEquals("SII tramo de ventas 5", r.company().size());
        assertEquals(new Address(null, null, "VIÑA DEL MAR", "REGIÓN DE VALPARAÍSO", null, "CL"), r.company().address());
        assertEquals(SiiNominaDataset.ID, r.fieldSources().get("status"));
    }

    @Test
    void aTerminoDeGiroIsADissolution() {
        // CONSTRUCTED nómina rows (test resources registry/cl/README.md)
        CompanyRecord r = answer("77.999.992-0", constructed).orElseThrow();
        assertEquals(new CompanyStatus("término de giro (TÉRMINO DE GIRO)", CompanyStatus.DISSOLVED, LocalDate.of(2021, 9, 30)),
                r.company().status());
        assertEquals(LocalDate.of(2021, 9, 30), r.company().dissolutionDate());
    }

    @Test
    void aNominaOfUnknownDateIsMediumConfidence() {
        // CONSTRUCTED nómina rows (test resources registry/cl/README.md)
        assertEquals(Confidence.Level.MEDIUM, answer("77.999.991-2", constructed).orElseThrow().confidence().level());
    }
}
