package dev.quipu.registry.pe;

import dev.quipu.registry.load.BundledRows;
import dev.quipu.registry.company.Address;
import dev.quipu.registry.company.CompanyRecord;
import dev.quipu.registry.company.CompanyStatus;
import dev.quipu.registry.company.Confidence;
import dev.quipu.registry.company.Listing;
import dev.quipu.registry.load.CutOff;
import dev.quipu.registry.lookup.Evidence;
import dev.quipu.registry.store.StoredRow;
import dev.quipu.registry.taxid.TaxIdCheck;
import dev.quipu.registry.taxid.TaxIdType;
import dev.quipu.registry.taxid.TaxIds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Peru's answers from the bundled SUNAT files (SOURCES.md "Companies that appear in more than one source"). */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PeruRegistryTest {

    private static final LocalDate TODAY = LocalDate.of(2026, 1, 15);
    private final TaxIds taxIds = new TaxIds();
    private final PadronReducidoDataset padron = new PadronReducidoDataset(taxIds);
    private final BuenosContribuyentesDataset buenos = new BuenosContribuyentesDataset(taxIds);
    private final AgentesRetencionDataset agentes = new AgentesRetencionDataset(taxIds);
    private final BundledRows buenosRows = BundledRows.read(buenos, "registry/pe/sunat/BueCont_TXT.txt.gz", 1);
    private final BundledRows agentesRows = BundledRows.read(agentes, "registry/pe/sunat/AgenRet_TXT.txt", 2);
    private final BundledRows head = BundledRows.read(padron, "registry/pe/sunat/padron_reducido_ruc-head.txt", 3);
    private final PeruRegistry registry = new PeruRegistry(padron, buenos, agentes, new Ubigeos(),
            Clock.fixed(Instant.parse("2026-01-15T12:00:00Z"), ZoneOffset.UTC));

    private Optional<CompanyRecord> answer(String ruc, BundledRows... loads) {
        TaxIdCheck id = taxIds.check(TaxIdType.RUC, ruc);
        List<StoredRow> rows = new ArrayList<>();
        for (BundledRows l : loads) {
            rows.addAll(l.of(id.normalized()));
        }
        return registry.assemble(id, new Evidence(List.of(), rows));
    }

    @Test
    void sunatItselfIsNamedByTheAgentesDeRetencionPadron() {
        CompanyRecord sunat = answer("20131312955", head, buenosRows, agentesRows).orElseThrow();
        assertEquals("SUPERINTENDENCIA NACIONAL DE ADUANAS Y DE ADMINISTRACION TRIBUTARIA - SUNAT", sunat.company().legalName());
        Listing listing = sunat.listings().get(0);
        assertEquals("SUNAT — Agentes de Retención del IGV", listing.list());
        assertEquals(LocalDate.of(2002, 6, 1), listing.since());
        assertEquals("RS R.S.037-2002", listing.reference());
        assertEquals(LocalDate.of(2023, 10, 1), listing.listCutOff());
        assertEquals(CompanyStatus.UNKNOWN, sunat.company().status().normalised());
    }

    @Test
    void onlyAPadronListingIsLowConfidence() {
        CompanyRecord sunat = answer("20131312955", agentesRows).orElseThrow();
        assertEquals(Confidence.Level.LOW, sunat.confidence().level());
        assertTrue(sunat.notVerified().get(0).startsWith("The RUC has no record in the loaded Padrón Reducido RUC"));
    }

    @Test
    void aCompanyOnBothPadronesHasBothListingsAndTheBuenosContribuyentesName() {
        CompanyRecord saga = answer("20393864967", buenosRows, agentesRows).orElseThrow();
        assertEquals("SAGA FALABELLA ORIENTE S.A.C.", saga.company().legalName());
        assertEquals(BuenosContribuyentesDataset.ID, saga.fieldSources().get("legal_name"));
        assertEquals(List.of("SUNAT — Buenos Contribuyentes", "SUNAT — Agentes de Retención del IGV"),
                saga.listings().stream().map(Listing::list).toList());
        assertEquals(List.of(LocalDate.of(2022, 2, 1), LocalDate.of(2015, 7, 1)),
                saga.listings().stream().map(Listing::since).toList());
        assertEquals(2, saga.sources().size());
    }

    @Test
    void theQuotesSunatsExportWrapsNamesInAreNotPartOfTheName() {
        assertEquals("AGRO INVERSIONES PIER S.A.C.", answer("20606220830", agentesRows).orElseThrow().company().legalName());
    }

    @Test
    void aNaturalPersonOfThePadronReducidoIsServedAsSunatPublishesIt() {
        CompanyRecord garcia = answer("10452159428", head, buenosRows, agentesRows).orElseThrow();
        assertEquals("GARCIA CHANCO CARLOS AUGUSTO", garcia.company().legalName());
        assertEquals("persona_natural", garcia.company().taxId().kind());
        assertEquals(new CompanyStatus("ACTIVO", CompanyStatus.ACTIVE, null), garcia.company().status());
        assertEquals("HABIDO", garcia.listings().get(0).status());
        assertEquals("SUNAT — Condición de domicilio", garcia.listings().get(0).list());
        assertNull(garcia.company().address());
    }

    @Test
    void aPadronReducidoOfUnknownDateIsMediumConfidence() {
        Confidence c = answer("10452159428", head).orElseThrow().confidence();
        assertEquals(Confidence.Level.MEDIUM, c.level());
        assertTrue(c.reason().contains("states no cut-off"), c.reason());
    }

    @Test
    void aPadronReducidoWithinADayOfItsPublicationIsHighConfidence() {
        BundledRows fresh = BundledRows.read(padron, "registry/pe/sunat/padron_reducido_ruc-head.txt", 4,
                new CutOff(TODAY.minusDays(1), "declared by the operator"));
        assertEquals(Confidence.Level.HIGH, answer("10452159428", fresh).orElseThrow().confidence().level());
    }

    @Test
    void anOlderPadronReducidoIsMediumConfidence() {
        BundledRows old = BundledRows.read(padron, "registry/pe/sunat/padron_reducido_ruc-head.txt", 5,
                new CutOff(TODAY.minusDays(10), "declared by the operator"));
        Confidence c = answer("10452159428", old).orElseThrow().confidence();
        assertEquals(Confidence.Level.MEDIUM, c.level());
        assertTrue(c.reason().contains("older than its publication cycle"), c.reason());
    }

    @Test
    void theAddressIsBuiltFromTheViaAndZonePartsAndTheUbigeosNames() {
        // CONSTRUCTED padrón rows (test resources registry/pe/README.md)
        BundledRows constructed = BundledRows.read(padron, "registry/pe/constructed-padron-reducido.txt", 6);
        CompanyRecord r = answer("20999999019", constructed).orElseThrow();
        assertEquals(new Address("AV. LAS CAMELIAS NRO. 123 INT. 4B URB. SANTA ANA", "SAN ISIDRO", "LIMA", "LIMA", null,
                "PE"), r.company().address());
        assertEquals(PadronReducidoDataset.ID, r.fieldSources().get("address"));
    }

    @Test
    void aBajaDeOficioIsInactiveAndNoHabidoIsSaid() {
        // CONSTRUCTED padrón rows (test resources registry/pe/README.md)
        BundledRows constructed = BundledRows.read(padron, "registry/pe/constructed-padron-reducido.txt", 6);
        CompanyRecord r = answer("20999999027", constructed).orElseThrow();
        assertEquals(new CompanyStatus("BAJA DE OFICIO", CompanyStatus.INACTIVE, null), r.company().status());
        assertEquals("NO HABIDO", r.listings().get(0).status());
        assertEquals(new Address("JR. PRÓSPERO MZA. C LOTE 7", "IQUITOS", "MAYNAS", "LORETO", null, "PE"),
                r.company().address());
    }

    @Test
    void sunatsStatesMapToTheNormalisedOnes() {
        assertEquals(CompanyStatus.DISSOLVED, PadronReducido.status("BAJA DEFINITIVA").normalised());
        assertEquals(CompanyStatus.SUSPENDED, PadronReducido.status("SUSPENSION TEMPORAL").normalised());
        assertEquals(CompanyStatus.INACTIVE, PadronReducido.status("BAJA PROV. POR OFICIO").normalised());
        assertEquals(CompanyStatus.UNKNOWN, PadronReducido.status("NUM. INTERNO IDENTIF.").normalised());
    }

    @Test
    void aRucNoSourceKnowsHasNoRecord() {
        assertEquals(Optional.empty(), answer("20100128919", head, buenosRows, agentesRows));
    }

    @Test
    void theUbigeoTableHasEveryDistrict() {
        Ubigeos ubigeos = new Ubigeos();
        assertEquals(1_893, ubigeos.size());
        assertEquals(Optional.of(new Ubigeos.Place("LIMA", "LIMA", "SAN ISIDRO")), ubigeos.of("150131"));
    }
}
