package dev.quipu.registry.co;

import dev.quipu.registry.company.Activity;
import dev.quipu.registry.company.Address;
import dev.quipu.registry.company.Company;
import dev.quipu.registry.company.CompanyRecord;
import dev.quipu.registry.company.CompanyStatus;
import dev.quipu.registry.company.Confidence;
import dev.quipu.registry.company.Listing;
import dev.quipu.registry.company.Person;
import dev.quipu.registry.lookup.Evidence;
import dev.quipu.registry.lookup.LiveResult;
import dev.quipu.registry.store.LoadRecord;
import dev.quipu.registry.store.StoredRow;
import io.micronaut.json.JsonMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How Colombia's answer is assembled: from the real bundled rankings, and from RUES rows that are
 * CONSTRUCTED ({@code constructed-rues-*} files written from the dataset's documented field list, see the
 * README beside them) since no real RUES row is available.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ColombiaRegistryTest {

    private static final Instant NOW = Instant.parse("2026-11-24T12:00:00Z");
    private static final String ECOPETROL = "899999068";

    private final RuesOpenData live = new RuesOpenData(RuesOpenData.DEFAULT_URL, "");
    private final SupersociedadesEmpresas2025 ranking2025 = new SupersociedadesEmpresas2025();
    private final SupersociedadesEmpresas2018 ranking2018 = new SupersociedadesEmpresas2018();
    private final RuesDataset rues = new RuesDataset();
    private final ColombiaRegistry registry = new ColombiaRegistry(rues, ranking2025, ranking2018, live, new CiiuCatalogue(),
            JsonMapper.createDefault(), Clock.fixed(NOW, ZoneOffset.UTC));
    /** Read once for the class: the rankings' rows about Ecopetrol, as the store would hold them. */
    private final List<StoredRow> ecopetrolRankings = rankings(ECOPETROL);

    private List<StoredRow> rankings(String key) {
        List<StoredRow> rows = new ArrayList<>(Samples.stored(ranking2025, Samples.XLSX_2025, LoadRecord.BUNDLED, key));
        rows.addAll(Samples.stored(ranking2018, Samples.CSV_2018, LoadRecord.BUNDLED, key));
        return rows;
    }

    private LiveResult answer(String file, Instant fetchedAt, String mode) throws IOException {
        try (InputStream in = Samples.open("dev/quipu/registry/co/" + file)) {
            return new LiveResult(live, new String(in.readAllBytes(), StandardCharsets.UTF_8), fetchedAt, mode);
        }
    }

    private CompanyRecord ecopetrolLive(Instant fetchedAt, String mode) throws IOException {
        return registry.assemble(Samples.nit("899.999.068-1"), new Evidence(
                List.of(answer("constructed-rues-live-ecopetrol.json", fetchedAt, mode)), ecopetrolRankings)).orElseThrow();
    }

    @Test
    void looksRecordsUpByTheNitBodyWithoutCheckDigit() {
        assertEquals(List.of(ECOPETROL), registry.keys(Samples.nit("899.999.068-1")));
        assertEquals(List.of(ECOPETROL), registry.keys(Samples.nit("899999068")));
    }

    @Test
    void ecopetrolFromTheRankingsAloneHasNameDomicileAndActivityButNoStatus() {
        CompanyRecord r = registry.assemble(Samples.nit("8999990681"), new Evidence(List.of(), ecopetrolRankings)).orElseThrow();
        Company c = r.company();
        assertEquals("ECOPETROL S.A", c.legalName());
        assertEquals(new Address(null, null, "BOGOTA D.C.", "DISTRITO CAPITAL DE BOGOTÁ", null, "CO"), c.address());
        assertEquals(List.of(new Activity("0610", "CIIU Rev. 4 A.C.", "Extracción de petróleo crudo", true)), c.activities());
        assertEquals(CompanyStatus.unknown(), c.status());
        assertNull(c.registrationAuthority(), "the supervising superintendency is not the registry");
        assertEquals("co.supersociedades.empresas-2025", r.fieldSources().get("legal_name"));
        assertEquals(List.of("co.supersociedades.empresas-2025", "co.supersociedades.empresas-2018"),
                r.sources().stream().map(s -> s.id()).toList());
    }

    @Test
    void theRankingsAreListingsWithRankSupervisorAndTheYearsFigures() {
        CompanyRecord r = registry.assemble(Samples.nit("8999990681"), new Evidence(List.of(), ecopetrolRankings)).orElseThrow();
        Listing l2025 = r.listings().get(0);
        assertEquals(ColombiaRegistry.LIST_2025, l2025.list());
        assertEquals(LocalDate.of(2025, 12, 31), l2025.listCutOff());
        assertTrue(l2025.reference().startsWith("No. 1; supervisor SUPERFINANCIERA; macrosector MINERO; fiscal year 2025,"
                + " thousands of COP: INGRESOS OPERACIONALES 2025* 100590667613;"), l2025.reference());
        Listing l2018 = r.listings().get(1);
        assertEquals(ColombiaRegistry.LIST_2018, l2018.list());
        assertTrue(l2018.reference().contains("INGRESOS OPERACIONALES 2018* 62,579,849,000"), l2018.reference());
        assertFalse(l2018.reference().contains("2017"), "only the ranking year's figures");
    }

    @Test
    void theRankingsAloneAreAPartialRecordOfMediumConfidenceAndSaySoInNotVerified() {
        CompanyRecord r = registry.assemble(Samples.nit("8999990681"), new Evidence(List.of(), ecopetrolRankings)).orElseThrow();
        assertEquals(Confidence.Level.MEDIUM, r.confidence().level());
        assertTrue(r.confidence().reason().contains("publishes part of the registry record"), r.confidence().reason());
        assertTrue(r.notVerified().stream().anyMatch(n -> n.startsWith("RUES gave no record of this NIT")), r.notVerified().toString());
    }

    @Test
    void aCompanyOnlyInThe2018RankingIsAnsweredFromIt() {
        CompanyRecord r = registry.assemble(Samples.nit("900156264"), new Evidence(List.of(), rankings("900156264"))).orElseThrow();
        assertEquals("NUEVA EPS S.A.", r.company().legalName());
        assertEquals("co.supersociedades.empresas-2018", r.fieldSources().get("legal_name"));
        assertEquals(new Activity("8430", "CIIU Rev. 4 A.C.",
                "Actividades de planes de seguridad social de afiliación obligatoria", true), r.company().activities().get(0));
        assertTrue(r.notVerified().stream().anyMatch(n -> n.contains("computed")), "the NIT was given without check digit");
    }

    @Test
    void aNitNoSourceKnowsHasNoAnswer() {
        assertTrue(registry.assemble(Samples.nit("900000001-2"), new Evidence(List.of(), List.of())).isEmpty());
    }

    @Test
    void ruesLiveGivesStatusAndRegistrationFromTheActivePrincipalMatricula() throws IOException {
        Company c = ecopetrolLive(NOW, LiveResult.LIVE).company();
        assertEquals(new CompanyStatus("ACTIVA", CompanyStatus.ACTIVE, null), c.status());
        assertEquals("0000000001", c.registrationNumber());
        assertEquals("Cámara de Comercio de BOGOTA", c.registrationAuthority());
        assertEquals("SOCIEDAD ó PERSONA JURIDICA PRINCIPAL ó ESAL", c.registrationType());
        assertEquals("SOCIEDAD ANONIMA", c.legalForm());
        assertEquals("ECOPETROL", c.tradeName());
        assertEquals(LocalDate.of(1970, 3, 1), c.registrationDate());
        assertEquals(LocalDate.of(2025, 3, 27), c.renewalDate());
        assertEquals(2025, c.renewedThrough());
        assertNull(c.dissolutionDate());
    }

    @Test
    void ruesLiveGivesTheActivitiesWithDanesDescriptions() throws IOException {
        List<Activity> activities = ecopetrolLive(NOW, LiveResult.LIVE).company().activities();
        assertEquals(List.of(
                new Activity("0610", "CIIU Rev. 4 A.C.", "Extracción de petróleo crudo", true),
                new Activity("0620", "CIIU Rev. 4 A.C.", "Extracción de gas natural", false),
                new Activity("4661", "CIIU Rev. 4 A.C.",
                        "Comercio al por mayor de combustibles sólidos, líquidos, gaseosos y productos conexos", false)), activities);
    }

    @Test
    void theRepresentativeIsServedByNameOnly() throws IOException {
        assertEquals(List.of(new Person("REPRESENTANTE CONSTRUIDO UNO", "unknown", null, "representante legal", null, null, null)),
                ecopetrolLive(NOW, LiveResult.LIVE).company().representatives());
    }

    @Test
    void personalFieldsInAnAnswerThatIgnoredSelectAreNotServed() throws IOException {
        CompanyRecord r = registry.assemble(Samples.nit("899.999.068-1"), new Evidence(
                List.of(answer("constructed-rues-live-ignoring-select.json", NOW, LiveResult.LIVE)), List.of())).orElseThrow();
        assertEquals("REPRESENTANTE CONSTRUIDO UNO", r.company().representatives().get(0).name());
        assertNull(r.company().representatives().get(0).idMasked());
        assertFalse(r.toString().contains("1000000001"), "the representative's national id is nowhere in the answer");
    }

    @Test
    void theNitsOtherMatriculasAreListedWithChamberAndWording() throws IOException {
        List<Listing> others = ecopetrolLive(NOW, LiveResult.LIVE).listings().stream()
                .filter(l -> l.list().equals(RuesAssembly.OTHER_MATRICULA)).toList();
        assertEquals(2, others.size());
        assertEquals("matrícula 0000000005, Cámara de Comercio de CARTAGENA, AGENCIA", others.get(0).reference());
        assertEquals("ACTIVA", others.get(0).status());
        assertEquals("matrícula 0000000006, Cámara de Comercio de MEDELLIN PARA ANTIOQUIA, SUCURSAL", others.get(1).reference());
        assertEquals("CANCELADA", others.get(1).status());
        assertEquals(LocalDate.of(2006, 1, 10), others.get(1).since());
    }

    @Test
    void ruesLiveComesFirstAndTheRankingsFillWhatItDoesNotPublish() throws IOException {
        CompanyRecord r = ecopetrolLive(NOW, LiveResult.LIVE);
        assertEquals("co.rues.live", r.fieldSources().get("legal_name"));
        assertEquals("co.rues.live", r.fieldSources().get("status"));
        assertEquals("co.rues.live", r.fieldSources().get("activities"));
        assertEquals("co.supersociedades.empresas-2025", r.fieldSources().get("address"));
        assertEquals(List.of("co.rues.live", "co.supersociedades.empresas-2025", "co.supersociedades.empresas-2018"),
                r.sources().stream().map(s -> s.id()).toList());
    }

    @Test
    void aRuesAnswerOfTheDayIsHighConfidence() throws IOException {
        CompanyRecord r = ecopetrolLive(NOW, LiveResult.LIVE);
        assertEquals(Confidence.Level.HIGH, r.confidence().level(), r.confidence().reason());
        assertFalse(r.notVerified().stream().anyMatch(n -> n.startsWith("RUES")), r.notVerified().toString());
    }

    @Test
    void aKeptRuesAnswerOlderThanADayIsMediumConfidenceAndSaysWhenItWasAsked() throws IOException {
        Instant asked = NOW.minus(Duration.ofDays(3));
        CompanyRecord r = ecopetrolLive(asked, LiveResult.STORE);
        assertEquals(Confidence.Level.MEDIUM, r.confidence().level());
        assertTrue(r.notVerified().contains("RUES could not be asked now; its answer kept from " + asked + " is shown"),
                r.notVerified().toString());
        assertEquals("store", r.sources().get(0).sourceMode());
    }

    @Test
    void aCancelledCompanyIsDissolvedSinceItsCancellation() throws IOException {
        CompanyRecord r = registry.assemble(Samples.nit("900000001-2"), new Evidence(
                List.of(answer("constructed-rues-live-cancelled.json", NOW, LiveResult.LIVE)), List.of())).orElseThrow();
        assertEquals(new CompanyStatus("CANCELADA", CompanyStatus.DISSOLVED, LocalDate.of(2024, 1, 15)), r.company().status());
        assertEquals(LocalDate.of(2024, 1, 15), r.company().dissolutionDate());
        assertEquals(2022, r.company().renewedThrough());
    }

    @Test
    void theRuesBulkExportIsTheFloorWhenNoLiveAnswerIsThere() {
        List<StoredRow> bulk = Samples.stored(rues, "dev/quipu/registry/co/constructed-rues-export.csv", LoadRecord.FILE, ECOPETROL);
        List<StoredRow> rows = new ArrayList<>(bulk);
        rows.addAll(ecopetrolRankings);
        CompanyRecord r = registry.assemble(Samples.nit("899.999.068-1"), new Evidence(List.of(), rows)).orElseThrow();
        assertEquals("co.rues", r.fieldSources().get("status"));
        assertEquals("0000000001", r.company().registrationNumber(), "the principal matrícula, not the agency");
        // the constructed export's newest update is 2026-03-12: past RUES's daily cycle
        assertEquals(Confidence.Level.MEDIUM, r.confidence().level());
        assertTrue(r.confidence().reason().contains("older than its publication cycle"), r.confidence().reason());
    }
}
