package dev.quipu.registry.br;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The RFB's code tables of the December 2025 release, complete. */
class RfbCodeTablesTest {

    private final RfbCodeTables codes = new RfbCodeTables();

    @Test
    void everyTableIsCompleteAsPublished() {
        assertEquals(Map.of("CNAECSV", 1359, "MUNICCSV", 5572, "NATJUCSV", 91, "PAISCSV", 255, "QUALSCSV", 68,
                "MOTICSV", 63), codes.sizes());
    }

    @Test
    void descriptionsAreDecodedFromLatinOne() {
        assertEquals("Comércio varejista de produtos farmacêuticos, sem manipulação de fórmulas", codes.cnae("4771701"));
        assertEquals("Empresário (Individual)", codes.naturezaJuridica("2135"));
        assertEquals("Sócio-Administrador", codes.qualificacao("49"));
    }

    @Test
    void municipalitiesAreTheRfbsTomCodesNotIbges() {
        assertEquals("MACEIO", codes.municipio("2785"));
        assertEquals("CARANGOLA", codes.municipio("4265"));
        assertNull(codes.municipio("2704302"));
    }

    @Test
    void codesReadFromNumbersGetTheirLeadingZerosBack() {
        assertEquals("Cultivo de arroz", codes.cnae("111301"));
        assertEquals("Administrador", codes.qualificacao("5"));
        assertEquals("EXTINCAO POR ENCERRAMENTO LIQUIDACAO VOLUNTARIA", codes.motivo("1"));
    }

    @Test
    void anUnknownCodeHasNoDescription() {
        assertNull(codes.cnae("9999998"));
        assertNull(codes.naturezaJuridica("9999"));
        assertNull(codes.pais(null));
    }
}
