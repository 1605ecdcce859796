package dev.quipu.registry.mx;

import dev.quipu.registry.load.BundledRows;
import dev.quipu.registry.company.CompanyRecord;
import dev.quipu.registry.company.CompanyStatus;
import dev.quipu.registry.company.Confidence;
import dev.quipu.registry.company.Listing;
import dev.quipu.registry.lookup.Evidence;
import dev.quipu.registry.store.LoadRecord;
import dev.quipu.registry.store.StoredRow;
import dev.quipu.registry.taxid.TaxIdCheck;
import dev.quipu.registry.taxid.TaxIdType;
import dev.quipu.registry.taxid.TaxIds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Mexico's answers from the two real 69-B editions (SOURCES.md "Companies that appear in more than one source"). */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MexicoRegistryTest {

    private final TaxIds taxIds = new TaxIds();
    private final Sat69bDataset efos = new Sat69bDataset(taxIds);
    private final Sat69Dataset art69 = new Sat69Dataset(taxIds);
    private final BundledRows y2021 = BundledRows.read(efos, Sat69bReaderTest.DIR + "Listado_Completo_69-B_2021-05-18.csv.gz", 1);
    private final BundledRows y2022 = BundledRows.read(efos, Sat69bReaderTest.DIR + "Listado_Completo_69-B_2022-11-30.csv.gz", 2);
    private final MexicoRegistry registry = new MexicoRegistry(efos, art69,
            dataset -> dataset.equals(Sat69bDataset.ID) ? List.of(y2021.load, y2022.load) : List.of());

    private CompanyRecord answer(String rfc, BundledRows... editions) {
        TaxIdCheck id = taxIds.check(TaxIdType.RFC, rfc);
        List<StoredRow> rows = new ArrayList<>();
        for (BundledRows e : editions) {
            rows.addAll(e.of(id.normalized()));
        }
        return registry.assemble(id, new Evidence(List.of(), rows)).orElseThrow();
    }

    @Test
    void aListedCompanyIsNamedByTheNewestEditionAndItsStatusStaysUnknown() {
        CompanyRecord geodal = answer("GAS1510292Z1", y2021, y2022);
        assertEquals("GEODAL ASOCIADOS, S.A. DE C.V.", geodal.company().legalName());
        assertEquals(CompanyStatus.UNKNOWN, geodal.company().status().normalised());
        assertNull(geodal.company().status().registryWording());
        assertEquals(Sat69bDataset.ID, geodal.fieldSources().get("legal_name"));
    }

    @Test
    void theSituationIsAListingWithItsSatDateOficioCutOffAndHistory() {
        Listing listing = answer("GAS1510292Z1", y2021, y2022).listings().get(0);
        assertEquals("SAT Art. 69-B (EFOS)", listing.list());
        assertEquals("Definitivo", listing.status());
        assertEquals(LocalDate.of(2021, 6, 16), listing.since());
        assertEquals("500-05-2021-15246 de fecha 16 de junio de 2021", listing.reference());
        assertEquals(LocalDate.of(2022, 11, 30), listing.listCutOff());
        assertEquals(1, listing.history().size());
        Listing before = listing.history().get(0);
        assertEquals("Presunto", before.status());
        assertEquals(LocalDate.of(2020, 12, 1), before.since());
        assertEquals(LocalDate.of(2021, 5, 18), before.listCutOff());
    }

    @Test
    void aFavourableRulingFollowsADefinitiveListing() {
        Listing citadel = answer("CIT840125DV9", y2021, y2022).listings().get(0);
        assertEquals("Sentencia Favorable", citadel.status());
        assertEquals(LocalDate.of(2022, 2, 9), citadel.since());
        assertEquals("Definitivo", citadel.history().get(0).status());
    }

    @Test
    void bothEditionsAreNamedAsSources() {
        CompanyRecord geodal = answer("GAS1510292Z1", y2021, y2022);
        assertEquals(List.of(LocalDate.of(2022, 11, 30), LocalDate.of(2021, 5, 18)),
                geodal.sources().stream().map(s -> s.cutOff()).toList());
        assertTrue(geodal.sources().stream().allMatch(s -> s.sourceMode().equals("snapshot") && s.official()));
    }

    @Test
    void aListedCompanyIsLowConfidence() {
        Confidence c = answer("GAS1510292Z1", y2021, y2022).confidence();
        assertEquals(Confidence.Level.LOW, c.level());
        assertTrue(c.reason().contains("presence on SAT's lists"), c.reason());
    }

    @Test
    void anRfcWithTwoProceduresHasOneListingForEach() {
        List<Listing> listings = answer("CACL7806172Y1", y2021, y2022).listings();
        assertEquals(List.of("Presunto", "Definitivo"), listings.stream().map(Listing::status).toList());
    }

    @Test
    void satsCourtNoteIsKeptOutOfTheNameAndInTheReference() {
        CompanyRecord abira = answer("AAS110331G59", y2022);
        assertEquals("ABIRA & SAFFI CORPORATIVO, S. DE R.L. DE C.V.", abira.company().legalName());
        assertTrue(abira.listings().get(0).reference().contains("SAT's note: En cumplimiento a la sentencia"),
                abira.listings().get(0).reference());
    }

    @Test
    void aValidRfcNotOnTheListStillGetsARecordSayingSo() {
        // SAT's own RFC (research note §4.4) is on neither edition
        CompanyRecord sat = answer("SAT970701NN3", y2021, y2022);
        assertNull(sat.company().legalName());
        assertEquals(List.of(), sat.listings());
        assertEquals(Confidence.Level.LOW, sat.confidence().level());
        assertEquals("SAT publishes no open RFC registry: the company's existence, name, status, address, activities"
                + " and representatives could not be checked; the RFC SAT970701NN3 is well formed (check digit agrees)"
                + " and is not on the Art. 69-B (EFOS) list as of 2022-11-30.", sat.notVerified().get(0));
        assertEquals(List.of(LocalDate.of(2022, 11, 30)), sat.sources().stream().map(s -> s.cutOff()).toList());
    }

    @Test
    void aCheckDigitMismatchIsStatedInNotVerified() {
        CompanyRecord acc = answer("ACC071123LL9", y2021, y2022);
        assertTrue(acc.notVerified().get(0).contains("check digit does not agree"), acc.notVerified().get(0));
        assertTrue(acc.notVerified().stream().anyMatch(s -> s.startsWith("Warning rfc.check_digit:")), acc.notVerified().toString());
        assertEquals("ACC071123LL9", acc.company().taxId().normalised());
    }

    @Test
    void withoutAnyEditionLoadedTheAbsenceCannotBeClaimed() {
        MexicoRegistry empty = new MexicoRegistry(efos, art69, dataset -> List.<LoadRecord>of());
        TaxIdCheck id = taxIds.check(TaxIdType.RFC, "SAT970701NN3");
        CompanyRecord r = empty.assemble(id, new Evidence(List.of(), List.of())).orElseThrow();
        assertTrue(r.notVerified().get(0).endsWith("no edition of the Art. 69-B list is loaded, so its presence there"
                + " could not be checked."), r.notVerified().get(0));
    }

    @Test
    void anArt69ListingCarriesTheSupuestoFromTheConstructedFile() {
        // CONSTRUCTED Art. 69 rows (test resources registry/mx/README.md)
        BundledRows constructed = BundledRows.read(art69, Sat69ReaderTest.CONSTRUCTED, 9);
        TaxIdCheck id = taxIds.check(TaxIdType.RFC, "ECU200101AB6");
        CompanyRecord r = registry.assemble(id, new Evidence(List.of(), constructed.of("ECU200101AB6"))).orElseThrow();
        assertEquals("EMPRESA CONSTRUIDA UNO, S.A. DE C.V.", r.company().legalName());
        assertEquals(List.of("FIRMES", "NO LOCALIZADOS"), r.listings().stream().map(Listing::status).toList());
        assertEquals(LocalDate.of(2021, 6, 1), r.listings().get(0).since());
        assertEquals("monto 125,000.00", r.listings().get(0).reference());
        assertTrue(r.notVerified().get(0).contains("is not on the Art. 69-B (EFOS) list")
                || r.notVerified().get(0).contains("name is as SAT's list gives it"), r.notVerified().get(0));
    }
}
