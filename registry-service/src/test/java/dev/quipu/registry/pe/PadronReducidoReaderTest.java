package dev.quipu.registry.pe;

import dev.quipu.registry.load.BundledRows;
import dev.quipu.registry.load.CutOff;
import dev.quipu.registry.load.RowSink;
import dev.quipu.registry.store.StoredRow;
import dev.quipu.registry.taxid.TaxIds;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** SUNAT's Padrón Reducido RUC: the real 11-line head, and a CONSTRUCTED file with addresses (test resources README). */
class PadronReducidoReaderTest {

    private final PadronReducidoDataset dataset = new PadronReducidoDataset(new TaxIds());
    private final BundledRows head = BundledRows.read(dataset, "registry/pe/sunat/padron_reducido_ruc-head.txt", 1);
    private final BundledRows constructed = BundledRows.read(dataset, "registry/pe/constructed-padron-reducido.txt", 2);

    @Test
    void theHeadsNineNaturalPersonsAreRead() {
        // the bundled head is 10 lines (867 bytes, SHA-256 as SOURCES.md lists it): the header and 9 records
        assertEquals(9, head.accepted());
        assertEquals(Map.of(), head.skipped);
        assertEquals(9, head.rows.stream().filter(r -> r.key().startsWith("10")).count());
    }

    @Test
    void fieldsAreStoredUnderSunatsAccentedNamesThoughTheCopysHeaderLostThem() {
        StoredRow garcia = head.of("10452159428").get(0);
        assertEquals(Map.of("RUC", "10452159428", "NOMBRE O RAZÓN SOCIAL", "GARCIA CHANCO CARLOS AUGUSTO",
                "ESTADO DEL CONTRIBUYENTE", "ACTIVO", "CONDICIÓN DE DOMICILIO", "HABIDO"), garcia.fields());
    }

    @Test
    void theFileStatesNoCutOff() {
        assertFalse(head.cutOff.known());
    }

    @Test
    void addressPartsAreKeptAndMalformedOrShortLinesSkipped() {
        // CONSTRUCTED rows
        StoredRow row = constructed.of("20999999019").get(0);
        assertEquals("150131", row.fields().get("UBIGEO"));
        assertEquals("LAS CAMELIAS", row.fields().get("NOMBRE DE VÍA"));
        assertEquals("4B", row.fields().get("INTERIOR"));
        assertEquals(2, constructed.accepted());
        assertEquals(Map.of("malformed RUC", 1, "short line", 1), constructed.skipped);
    }

    @Test
    void crAndLfAndCrlfLineEndsAllSplitLines() throws IOException {
        // CONSTRUCTED bytes: the same two lines ended three ways
        for (String end : List.of("\r", "\n", "\r\n")) {
            String text = "RUC|NOMBRE O RAZ N SOCIAL|" + end + "10452159428|A|ACTIVO|HABIDO|-|-|-|-|-|-|-|-|-|-|-|" + end
                    + "10806173695|B|ACTIVO|HABIDO|-|-|-|-|-|-|-|-|-|-|-|" + end;
            List<String> keys = new ArrayList<>();
            CutOff c = dataset.reader().read(new ByteArrayInputStream(text.getBytes(StandardCharsets.ISO_8859_1)),
                    new RowSink() {
                        @Override
                        public void accept(String key, Map<String, String> fields) {
                            keys.add(key);
                        }

                        @Override
                        public void skip(String reason) {
                            keys.add("skipped: " + reason);
                        }
                    });
            assertEquals(List.of("10452159428", "10806173695"), keys, "line end " + end.replace("\r", "CR").replace("\n", "LF"));
            assertFalse(c.known());
        }
    }
}
