package dev.quipu.registry.br;

import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The RFB's CNPJ tables read from the bundled December 2025 release sample (SOURCES.md counts). */
class RfbDatasetsTest {

    private static final String FOLDER = "registry/br/rfb-cnpj-2025-12/";

    private final EstabelecimentosDataset estabelecimentos = new EstabelecimentosDataset();
    private final EmpresasDataset empresas = new EmpresasDataset();
    private final SociosDataset socios = new SociosDataset();
    private final SimplesDataset simples = new SimplesDataset();

    private static Map<String, String> row(BundledRows.Read read, String key) {
        return read.accepted().stream().filter(e -> e.getKey().equals(key)).findFirst().orElseThrow().getValue();
    }

    @Test
    void everyOneOfTheTwoThousandEstablishmentsIsKeptUnderItsFourteenCharacterCnpj() {
        var read = BundledRows.read(estabelecimentos, FOLDER + "ESTABELE.csv");
        assertEquals(2000, read.rows());
        assertTrue(read.skipped().isEmpty(), read.skipped().toString());
        assertTrue(read.accepted().stream().allMatch(e -> e.getKey().matches("\\d{14}")));
        assertEquals("CARANGOLA", row(read, "00000000002640").get("nome_fantasia"));
    }

    @Test
    void theEstablishmentsSituacoesAreAsTheReleaseCountsThem() {
        var read = BundledRows.read(estabelecimentos, FOLDER + "ESTABELE.csv");
        Map<String, Long> bySituacao = read.accepted().stream()
                .collect(Collectors.groupingBy(e -> e.getValue().get("situacao_cadastral"), Collectors.counting()));
        assertEquals(Map.of("08", 913L, "02", 852L, "04", 227L, "03", 6L, "01", 2L), bySituacao);
    }

    @Test
    void latinOneAccentsAreDecoded() {
        var read = BundledRows.read(estabelecimentos, FOLDER + "ESTABELE.csv");
        assertEquals("RUA ERNANE GRAÇA", row(read, "10100693000148").get("logradouro"));
        assertEquals("SÃO CRITÓVÃO", row(read, "10087274000113").get("bairro"));
    }

    @Test
    void phonesAndEmailAddressesAreNotKept() {
        var read = BundledRows.read(estabelecimentos, FOLDER + "ESTABELE.csv");
        Map<String, String> pagueMenos = row(read, "06626253013806");
        assertEquals("FARMACIA PAGUE MENOS", pagueMenos.get("nome_fantasia"));
        assertFalse(pagueMenos.containsKey("correio_eletronico"));
        assertFalse(pagueMenos.containsKey("telefone_1"));
        assertEquals("2785", pagueMenos.get("municipio"));
    }

    @Test
    void aRecordWhoseCnpjFailsItsCheckDigitsIsSkipped() {
        // constructed: the real Carangola line with its check digits 40 changed to 41
        String line = "\"00000000\";\"0026\";\"41\";\"2\";\"CARANGOLA\";\"02\";\"20051103\";\"00\";\"\";\"\";\"19660801\";"
                + "\"6422100\";\"6499999\";\"RUA\";\"MARECHAL DEODORO\";\"250\";\"\";\"CENTRO\";\"36800000\";\"MG\";\"4265\";"
                + "\"\";\"\";\"\";\"\";\"\";\"\";\"\";\"\";\"\"\n";
        int[] accepted = {0};
        java.util.List<String> skipped = new java.util.ArrayList<>();
        try {
            estabelecimentos.reader().read(new java.io.ByteArrayInputStream(line.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1)),
                    new dev.quipu.registry.load.RowSink() {
                        public void accept(String key, Map<String, String> fields) {
                            accepted[0]++;
                        }

                        public void skip(String reason) {
                            skipped.add(reason);
                        }
                    });
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        assertEquals(0, accepted[0]);
        assertEquals(1, skipped.size());
        assertTrue(skipped.get(0).contains("cnpj.check_digit"), skipped.get(0));
    }

    @Test
    void companiesAreKeptUnderTheirEightDigitBaseWithTheRazaoSocialAsPublished() {
        var read = BundledRows.read(empresas, FOLDER + "EMPRECSV.csv");
        assertEquals(2000, read.rows());
        assertTrue(read.skipped().isEmpty());
        assertTrue(read.accepted().stream().allMatch(e -> e.getKey().matches("\\d{8}")));
        // a MEI's razão social is its owner's name and CPF, as the RFB publishes it
        assertEquals("RAMIRO ROBERTO PERES DA SILVA 34749473898", row(read, "41292831").get("razao_social"));
        assertEquals(1381, read.accepted().stream().filter(e -> "2135".equals(e.getValue().get("natureza_juridica"))).count());
    }

    @Test
    void partnersKeepTheirIdsMaskedAsTheRfbMasksThem() {
        var read = BundledRows.read(socios, FOLDER + "SOCIOCSV.csv");
        assertEquals(2000, read.rows());
        Map<String, Long> kinds = read.accepted().stream()
                .collect(Collectors.groupingBy(e -> e.getValue().get("identificador_socio"), Collectors.counting()));
        assertEquals(Map.of("1", 41L, "2", 1958L, "3", 1L), kinds);
        Map<String, String> abolicao = row(read, "04169129");
        assertEquals("27824598000190", abolicao.get("cnpj_cpf_socio"));
        assertEquals("***839507**", abolicao.get("representante_legal"));
        assertEquals("MAURICIO CORTES SIMOES", abolicao.get("nome_do_representante"));
    }

    @Test
    void simplesOptionsAreKeptUnderTheBase() {
        var read = BundledRows.read(simples, FOLDER + "SIMPLESCSV.csv");
        assertEquals(2000, read.rows());
        assertEquals(1065, read.accepted().stream().filter(e -> "S".equals(e.getValue().get("opcao_pelo_simples"))).count());
        assertEquals("20110116", row(read, "13113070").get("data_opcao_mei"));
    }

    @Test
    void theFilesStateNoDateSoTheReleaseGivesTheCutOff() {
        assertNull(BundledRows.read(empresas, FOLDER + "EMPRECSV.csv").cutOff().date());
        assertEquals(LocalDate.of(2025, 12, 1), estabelecimentos.cutOffOf(
                "https://arquivos.receitafederal.gov.br/dados/cnpj/dados_abertos_cnpj/2025-12/Estabelecimentos3.zip").date());
        assertEquals(LocalDate.of(2025, 12, 13), estabelecimentos.cutOffOf("K3241.K03200Y3.D51213.ESTABELE").date());
        assertNull(estabelecimentos.cutOffOf("ESTABELE.csv").date());
        assertEquals(LocalDate.of(2025, 12, 13), RfbRelease.BUNDLED.date());
    }

    @Test
    void eachDatasetRecognisesTheRfbsPublishedNames() {
        assertTrue(empresas.recognises("Empresas0.zip"));
        assertTrue(empresas.recognises("Empresas9.zip"));
        assertTrue(empresas.recognises("K3241.K03200Y0.D51213.EMPRECSV"));
        assertTrue(empresas.recognises("EMPRECSV.csv"));
        assertTrue(estabelecimentos.recognises("https://arquivos.receitafederal.gov.br/dados/cnpj/dados_abertos_cnpj/2025-12/Estabelecimentos1.zip"));
        assertTrue(estabelecimentos.recognises("K3241.K03200Y1.D51213.ESTABELE"));
        assertTrue(socios.recognises("Socios4.zip"));
        assertTrue(socios.recognises("K3241.K03200Y4.D51213.SOCIOCSV"));
        assertTrue(simples.recognises("Simples.zip"));
        assertTrue(simples.recognises("F.K03200$W.SIMPLES.CSV.D51213"));
        assertTrue(simples.recognises("SIMPLESCSV.csv"));
        assertFalse(empresas.recognises("Estabelecimentos0.zip"));
        assertFalse(socios.recognises("Simples.zip"));
        assertFalse(simples.recognises("Socios0.zip"));
    }
}
