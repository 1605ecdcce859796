package dev.quipu.registry.pe;

import dev.quipu.registry.load.BundledRows;
import dev.quipu.registry.store.StoredRow;
import dev.quipu.registry.taxid.TaxIds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.LocalDate;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** SUNAT's padrones as bundled (SOURCES.md "SUNAT padrones"): ISO-8859-1, CR-only line ends, no quoting. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SunatPadronReaderTest {

    private final TaxIds taxIds = new TaxIds();
    private final BundledRows buenos = BundledRows.read(new BuenosContribuyentesDataset(taxIds),
            "registry/pe/sunat/BueCont_TXT.txt.gz", 1);
    private final BundledRows agentes = BundledRows.read(new AgentesRetencionDataset(taxIds),
            "registry/pe/sunat/AgenRet_TXT.txt", 2);

    @Test
    void everyBuenoContribuyenteIsReadFromItsCrOnlyLines() {
        assertEquals(50_710, buenos.accepted());
        assertEquals(Map.of(), buenos.skipped);
        assertEquals(40_460, buenos.rows.stream().filter(r -> r.key().startsWith("20")).count());
        assertEquals(9_979, buenos.rows.stream().filter(r -> r.key().startsWith("10")).count());
    }

    @Test
    void everyAgenteDeRetencionIsRead() {
        assertEquals(5_778, agentes.accepted());
        assertEquals(Map.of(), agentes.skipped);
    }

    @Test
    void theCutOffIsTheNewestAPartirDelDateForTheFilesStateNone() {
        assertEquals(LocalDate.of(2022, 2, 1), buenos.cutOff.date());
        assertEquals(LocalDate.of(2023, 10, 1), agentes.cutOff.date());
        assertTrue(agentes.cutOff.basis().contains("A partir del"), agentes.cutOff.basis());
    }

    @Test
    void fieldsKeepSunatsNamesAndValuesWithQuotesAsPublished() {
        StoredRow sunat = agentes.of("20131312955").get(0);
        assertEquals("SUPERINTENDENCIA NACIONAL DE ADUANAS Y DE ADMINISTRACION TRIBUTARIA - SUNAT",
                sunat.fields().get("Nombre/Razon"));
        assertEquals("01/06/2002", sunat.fields().get("A partir del"));
        assertEquals("RS R.S.037-2002", sunat.fields().get("Resolucion"));
        assertEquals("\"AGRO INVERSIONES PIER S.A.C.\"", agentes.of("20606220830").get(0).fields().get("Nombre/Razon"));
    }

    @Test
    void iso88591IsDecoded() {
        assertEquals("\"CLINICA SALDAÑA S.A.C.\"", buenos.of("20493977041").get(0).fields().get("Nombre/Razon"));
    }

    @Test
    void recognisesSunatsFileNames() {
        assertTrue(new BuenosContribuyentesDataset(taxIds).recognises("BueCont_TXT.zip"));
        assertTrue(new AgentesRetencionDataset(taxIds).recognises("AgenRet_TXT.txt"));
        assertTrue(new PadronReducidoDataset(taxIds).recognises("padron_reducido_ruc.zip"));
        assertFalse(new PadronReducidoDataset(taxIds).recognises("padron_reducido_local_anexo.zip"));
    }
}
