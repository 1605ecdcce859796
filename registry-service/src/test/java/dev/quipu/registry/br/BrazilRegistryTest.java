package dev.quipu.registry.br;

import dev.quipu.registry.company.Activity;
import dev.quipu.registry.company.CompanyRecord;
import dev.quipu.registry.company.CompanyStatus;
import dev.quipu.registry.company.Confidence;
import dev.quipu.registry.company.Listing;
import dev.quipu.registry.company.Person;
import dev.quipu.registry.lookup.Evidence;
import dev.quipu.registry.lookup.LiveResult;
import dev.quipu.registry.store.StoredRow;
import dev.quipu.registry.taxid.TaxIdCheck;
import dev.quipu.registry.taxid.TaxIds;
import io.micronaut.json.JsonMapper;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Brazilian answers assembled from the bundled real files (the RFB's December 2025 sample, CVM's register of
 * 2023-08-24) and minha-receita's real recorded response, as of 2026-11-24.
 */
class BrazilRegistryTest {

    private static final TaxIds IDS = new TaxIds();
    private static final Clock TODAY = Clock.fixed(Instant.parse("2026-11-24T12:00:00Z"), ZoneOffset.UTC);
    private static final BrazilRegistry REGISTRY = registry(TODAY, "");
    private static final List<StoredRow> ROWS = BundledRows.all(REGISTRY);

    private static BrazilRegistry registry(Clock clock, String mirrorUrl) {
        return new BrazilRegistry(new EmpresasDataset(), new EstabelecimentosDataset(), new SociosDataset(),
                new SimplesDataset(), new CvmCiasAbertasDataset(),
                new BrCnpjMirror(mirrorUrl, Duration.ofSeconds(3), Duration.ofSeconds(8)), new RfbCodeTables(),
                JsonMapper.createDefault(), clock);
    }

    /** The rows the store would find under the identifier's keys. */
    private static Evidence evidence(BrazilRegistry registry, TaxIdCheck id, List<LiveResult> live) {
        List<String> keys = registry.keys(id);
        return new Evidence(live, ROWS.stream().filter(r -> keys.contains(r.key())).toList());
    }

    private static Optional<CompanyRecord> lookup(String id) {
        TaxIdCheck check = IDS.forEntity("BR", id);
        return REGISTRY.assemble(check, evidence(REGISTRY, check, List.of()));
    }

    private static CompanyRecord found(String id) {
        return lookup(id).orElseThrow(() -> new AssertionError(id + " not found"));
    }

    @Test
    void aCnpjIsKeyedByItselfItsBaseAndForABranchItsHeadOffice() {
        assertEquals(List.of("00000000000191", "00000000"), REGISTRY.keys(IDS.forEntity("BR", "00.000.000/0001-91")));
        assertEquals(List.of("06626253013806", "06626253", "06626253000151"),
                REGISTRY.keys(IDS.forEntity("BR", "06.626.253/0138-06")));
        assertEquals(List.of("52998224725"), REGISTRY.keys(IDS.forEntity("BR", "529.982.247-25")));
    }

    @Test
    void bancoDoBrasilKnownOnlyToCvmIsAnsweredFromCvm() {
        CompanyRecord bb = found("00.000.000/0001-91");
        assertEquals("BANCO DO BRASIL S.A.", bb.company().legalName());
        assertEquals("br.cvm.cias-abertas", bb.fieldSources().get("legal_name"));
        assertEquals(new CompanyStatus("ATIVO", CompanyStatus.ACTIVE, LocalDate.of(1977, 7, 20)), bb.company().status());
        assertEquals(LocalDate.of(1905, 12, 30), bb.company().registrationDate());
        assertEquals("BRASÍLIA", bb.company().address().city());
        assertEquals("70040912", bb.company().address().postalCode());
        Listing cvm = bb.listings().get(0);
        assertEquals("CVM — companhias abertas", cvm.list());
        assertEquals("ATIVO", cvm.status());
        assertTrue(cvm.reference().startsWith("CD_CVM 1023"), cvm.reference());
        assertEquals(LocalDate.of(2023, 8, 24), cvm.listCutOff());
        assertEquals(Confidence.Level.MEDIUM, bb.confidence().level());
        assertTrue(bb.notVerified().stream().anyMatch(n -> n.contains("no RFB Estabelecimentos record")
                && n.contains("CVM registration")), bb.notVerified().toString());
    }

    @Test
    void valeRegisteredInTwoMarketsHasOneCvmListingNamingBoth() {
        CompanyRecord vale = found("33.592.510/0001-54");
        assertEquals("VALE S.A.", vale.company().legalName());
        assertEquals("VALE", vale.company().tradeName());
        assertEquals(1, vale.listings().size());
        assertTrue(vale.listings().get(0).reference().contains("BALCÃO ORGANIZADO, BOLSA"), vale.listings().get(0).reference());
    }

    @Test
    void aClosedBranchOfValeIsDissolvedWithItsMotivoAndTheCompanysName() {
        CompanyRecord branch = found("33.592.510/0346-44");
        var c = branch.company();
        assertEquals("CENTRO DE PROCESSAMENTO DE DADOS", c.tradeName());
        assertEquals("VALE S.A.", c.legalName());
        assertEquals("CNPJ — estabelecimento filial", c.registrationType());
        assertEquals(new CompanyStatus("BAIXADA (EXTINCAO POR ENCERRAMENTO LIQUIDACAO VOLUNTARIA)", CompanyStatus.DISSOLVED,
                LocalDate.of(2002, 3, 12)), c.status());
        assertEquals(LocalDate.of(2002, 3, 12), c.dissolutionDate());
        assertEquals("VITORIA", c.address().city());
        assertEquals("br.rfb.estabelecimentos", branch.fieldSources().get("status"));
    }

    @Test
    void aPagueMenosPharmacyIsAnActiveBranchWithItsOwnAddressAndActivities() {
        CompanyRecord branch = found("06.626.253/0138-06");
        var c = branch.company();
        assertEquals("FARMACIA PAGUE MENOS", c.tradeName());
        assertEquals("EMPREENDIMENTOS PAGUE MENOS SA", c.legalName());
        assertEquals("CNPJ — estabelecimento filial", c.registrationType());
        assertEquals("06.626.253/0138-06", c.registrationNumber());
        assertEquals(CompanyStatus.ACTIVE, c.status().normalised());
        assertEquals("ATIVA", c.status().registryWording());
        assertEquals(LocalDate.of(1999, 11, 16), c.registrationDate());
        assertEquals("RUA DOUTOR ALFREDO OITICICA, 20", c.address().street());
        assertEquals("MACEIO", c.address().city());
        assertEquals("AL", c.address().region());
        assertEquals(new Activity("4771701", "CNAE 2.3",
                "Comércio varejista de produtos farmacêuticos, sem manipulação de fórmulas", true), c.activities().get(0));
        assertEquals(6, c.activities().size());
        assertEquals("CVM — companhias abertas", branch.listings().get(0).list());
        assertTrue(branch.notVerified().stream().anyMatch(n -> n.contains("head office 06.626.253/0001-51")));
        assertEquals(Confidence.Level.MEDIUM, branch.confidence().level());
    }

    @Test
    void pagueMenosHeadOfficeIsAnsweredFromCvm() {
        CompanyRecord head = found("06.626.253/0001-51");
        assertEquals("EMPREENDIMENTOS PAGUE MENOS SA", head.company().legalName());
        assertEquals("FORTALEZA", head.company().address().city());
        assertNull(head.company().registrationType());
    }

    @Test
    void aMeiIsServedWithItsRazaoSocialAsTheRfbPublishesIt() {
        CompanyRecord mei = found("57.815.224/0001-79");
        var c = mei.company();
        assertEquals("57.815.224 IONE APARECIDA DOS SANTOS", c.legalName());
        assertEquals("Empresário (Individual)", c.legalForm());
        assertEquals(new BigDecimal("10000.00"), c.capital().amount());
        assertEquals("BRL", c.capital().currency());
        assertEquals("MICRO EMPRESA", c.size());
        assertEquals("CNPJ — estabelecimento matriz", c.registrationType());
        assertEquals(15, c.activities().size());
        assertEquals("br.rfb.empresas", mei.fieldSources().get("legal_name"));
        assertEquals("br.rfb.estabelecimentos", mei.fieldSources().get("status"));
    }

    @Test
    void anRfbRecordIsMediumOnceItsMonthlyCycleHasPassed() {
        Confidence conf = found("57.815.224/0001-79").confidence();
        assertEquals(Confidence.Level.MEDIUM, conf.level());
        assertTrue(conf.reason().contains("older than its publication cycle"), conf.reason());
    }

    @Test
    void aCompleteRfbRecordIsHighWithinItsMonth() {
        BrazilRegistry inDecember = registry(Clock.fixed(Instant.parse("2025-12-20T12:00:00Z"), ZoneOffset.UTC), "");
        TaxIdCheck id = IDS.forEntity("BR", "57.815.224/0001-79");
        CompanyRecord mei = inDecember.assemble(id, evidence(inDecember, id, List.of())).orElseThrow();
        assertEquals(Confidence.Level.HIGH, mei.confidence().level());
    }

    @Test
    void partnersKeepTheirMaskedCpfsAndTheirRepresentativesAreNamed() {
        CompanyRecord company = found("04.169.129/0001-89");
        Person abolicao = company.company().partners().get(0);
        assertEquals("ABOLICAO PARTICIPACOES SA", abolicao.name());
        assertEquals("legal_person", abolicao.kind());
        assertEquals("27824598000190", abolicao.idMasked());
        assertEquals("Sócio", abolicao.role());
        assertEquals(LocalDate.of(2000, 11, 29), abolicao.since());
        Person rep = company.company().representatives().stream().filter(p -> p.name().equals("MAURICIO CORTES SIMOES"))
                .findFirst().orElseThrow();
        assertEquals("***839507**", rep.idMasked());
        assertEquals("Administrador — representante legal do sócio ABOLICAO PARTICIPACOES SA", rep.role());
        assertNull(company.company().legalName());
        assertEquals(Confidence.Level.MEDIUM, company.confidence().level());
    }

    @Test
    void cvmAndTheQsaTogetherGiveCsnsNameAndItsDirector() {
        CompanyRecord csn = found("33.042.730/0001-04");
        assertEquals("CIA SIDERURGICA NACIONAL", csn.company().legalName());
        Person director = csn.company().partners().get(0);
        assertEquals(new Person("DAVID MOISE SALAMA", "natural_person", "***725298**", "Diretor",
                LocalDate.of(2011, 8, 12), "Entre 51 a 60 anos", null), director);
        assertEquals(List.of(director), csn.company().representatives());
        assertEquals("br.rfb.socios", csn.fieldSources().get("partners"));
    }

    @Test
    void theSimplesAndMeiOptionsAreListings() {
        CompanyRecord mei = found("13.113.070/0001-06");
        Listing simples = mei.listings().stream().filter(l -> l.list().equals("Simples Nacional")).findFirst().orElseThrow();
        assertEquals("optante", simples.status());
        assertEquals(LocalDate.of(2011, 1, 16), simples.since());
        Listing simei = mei.listings().stream().filter(l -> l.list().equals("MEI (SIMEI)")).findFirst().orElseThrow();
        assertEquals("optante", simei.status());
        assertEquals("br.rfb.simples", simei.source());
    }

    @Test
    void aCnpjNoSourceKnowsIsNotFound() {
        assertTrue(lookup("11.222.333/0001-81").isEmpty());
    }

    @Test
    void aBranchNumberNoSourceKnowsIsNotVouchedForByItsHeadOfficesCvmRecord() {
        // 00.000.000/9999-XX: Banco do Brasil's base, an order number no file of ours holds
        assertTrue(lookup("00.000.000/9999-62").isEmpty());
    }

    @Test
    void aCpfIsKnownToNoSource() {
        assertTrue(lookup("529.982.247-25").isEmpty());
    }

    @Test
    void theMirrorsAnswerComesFirstAndIsMediumForItIsNotTheAuthority() throws IOException {
        String body;
        try (InputStream in = getClass().getClassLoader().getResourceAsStream("br/minha-receita/response.json")) {
            body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        BrazilRegistry withMirror = registry(TODAY, "https://minhareceita.org/");
        TaxIdCheck id = IDS.forEntity("BR", "19.131.243/0001-97");
        LiveResult live = new LiveResult(withMirror.liveSources().get(0), body, TODAY.instant(), LiveResult.LIVE);
        CompanyRecord okbr = withMirror.assemble(id, evidence(withMirror, id, List.of(live))).orElseThrow();
        var c = okbr.company();
        assertEquals("OPEN KNOWLEDGE BRASIL", c.legalName());
        assertNull(c.tradeName());
        assertEquals("Associação Privada", c.legalForm());
        assertEquals(new CompanyStatus("ATIVA", CompanyStatus.ACTIVE, LocalDate.of(2013, 10, 3)), c.status());
        assertEquals("CNPJ — estabelecimento matriz", c.registrationType());
        assertEquals(LocalDate.of(2013, 10, 3), c.registrationDate());
        assertEquals("AVENIDA PAULISTA 37, 37, ANDAR 4", c.address().street());
        assertEquals("SAO PAULO", c.address().city());
        assertEquals("01311902", c.address().postalCode());
        assertEquals(new Activity("9430800", "CNAE 2.3", "Atividades de associações de defesa de direitos sociais", true),
                c.activities().get(0));
        assertEquals(6, c.activities().size());
        assertEquals(0, BigDecimal.ZERO.compareTo(c.capital().amount()));
        assertEquals("DEMAIS", c.size());
        Person haydee = new Person("HAYDEE SVAB", "natural_person", "***112108**", "Presidente",
                LocalDate.of(2024, 2, 27), "Entre 41 a 50 anos", null);
        assertEquals(List.of(haydee), c.partners());
        assertEquals(List.of(haydee), c.representatives());
        assertEquals("br.cnpj.mirror", okbr.fieldSources().get("legal_name"));
        assertFalse(okbr.sources().get(0).official());
        assertEquals(Confidence.Level.MEDIUM, okbr.confidence().level());
        assertTrue(okbr.confidence().reason().contains("mirrors the official registry"), okbr.confidence().reason());
    }
}
