package dev.quipu.registry.br;

import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** CVM's register of listed companies, the bundled file of 2023-08-24 (SOURCES.md counts). */
class CvmCiasAbertasDatasetTest {

    private final CvmCiasAbertasDataset cvm = new CvmCiasAbertasDataset();
    private final BundledRows.Read read = BundledRows.read(cvm, "registry/br/cvm/cad_cia_aberta.csv.gz");

    @Test
    void everyRegistrationIsKeptUnderTheCompanysFourteenCharacterCnpj() {
        assertEquals(2584, read.rows());
        assertTrue(read.skipped().isEmpty(), read.skipped().toString());
        assertTrue(read.accepted().stream().anyMatch(e -> e.getKey().equals("00000000000191")
                && "BANCO DO BRASIL S.A.".equals(e.getValue().get("DENOM_SOCIAL"))));
        assertEquals(2, read.accepted().stream().filter(e -> e.getKey().equals("33592510000154")).count());
    }

    @Test
    void theSituationsAreAsTheFileCountsThem() {
        Map<String, Long> sit = read.accepted().stream()
                .collect(Collectors.groupingBy(e -> e.getValue().get("SIT"), Collectors.counting()));
        assertEquals(Map.of("CANCELADA", 1799L, "ATIVO", 782L, "SUSPENSO(A) - DECISÃO ADM", 3L), sit);
    }

    @Test
    void theCutOffIsTheNewestRegistrationOrSituationDate() {
        assertEquals(LocalDate.of(2023, 8, 24), read.cutOff().date());
        assertEquals("newest DT_REG / DT_INI_SIT in the file", read.cutOff().basis());
    }

    @Test
    void latinOneAccentsAndBareQuotesAreReadAsWritten() {
        Map<String, String> bb = read.accepted().stream().filter(e -> e.getKey().equals("00000000000191")).findFirst()
                .orElseThrow().getValue();
        assertEquals("BRASÍLIA", bb.get("MUN"));
        assertTrue(read.accepted().stream().anyMatch(e -> "AVENIDA \"B\" S/ Nº".equals(e.getValue().get("LOGRADOURO"))));
    }

    @Test
    void theInvestorRelationsOfficersOwnContactsAreNotKept() {
        Map<String, String> bb = read.accepted().stream().filter(e -> e.getKey().equals("00000000000191")).findFirst()
                .orElseThrow().getValue();
        assertEquals("MARCO GEOVANNE TOBIAS DA SILVA", bb.get("RESP"));
        assertFalse(bb.containsKey("EMAIL_RESP"));
        assertFalse(bb.containsKey("TEL_RESP"));
        assertEquals("secex@bb.com.br", bb.get("EMAIL"));
    }

    @Test
    void itRecognisesCvmsFileName() {
        assertTrue(cvm.recognises("cad_cia_aberta.csv"));
        assertTrue(cvm.recognises("https://dados.cvm.gov.br/dados/CIA_ABERTA/CAD/DADOS/cad_cia_aberta.csv"));
        assertFalse(cvm.recognises("cad_fi.csv"));
    }
}
