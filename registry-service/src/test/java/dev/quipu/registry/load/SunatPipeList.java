package dev.quipu.registry.load;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * A minimal dataset for the loader's own tests: SUNAT's pipe-delimited padrón format (real file
 * AgenRet_TXT.txt, CR line ends), keyed by RUC. The Peruvian package has the real readers; this one
 * only lets the loader be tested alone, under a dataset id of the test's own.
 */
final class SunatPipeList implements BulkDataset {

    private final String id;

    SunatPipeList(String id) {
        this.id = id;
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public String country() {
        return "PE";
    }

    @Override
    public String title() {
        return "SUNAT — Padrón de Agentes de Retención (loader test)";
    }

    @Override
    public String publisher() {
        return "SUNAT";
    }

    @Override
    public Optional<String> officialUrl() {
        return Optional.empty();
    }

    @Override
    public boolean recognises(String fileName) {
        return fileName.startsWith("AgenRet");
    }

    @Override
    public DatasetReader reader() {
        return (in, sink) -> {
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.ISO_8859_1));
            StringBuilder line = new StringBuilder();
            int ch;
            boolean header = true;
            while ((ch = r.read()) != -1) {
                if (ch == '\r' || ch == '\n') {
                    if (!line.isEmpty()) {
                        if (!header) {
                            emit(line.toString(), sink);
                        }
                        header = false;
                    }
                    line.setLength(0);
                } else {
                    line.append((char) ch);
                }
            }
            if (!line.isEmpty() && !header) {
                emit(line.toString(), sink);
            }
            return CutOff.unknown();
        };
    }

    private static void emit(String line, RowSink sink) throws IOException {
        String[] cells = line.split("\\|", -1);
        if (cells.length < 4 || !cells[0].matches("\\d{11}")) {
            sink.skip("not a padrón line");
            return;
        }
        sink.accept(cells[0], new Fields().put("Ruc", cells[0]).put("Nombre/Razon", cells[1]).put("A partir del", cells[2])
                .put("Resolucion", cells[3]).map());
    }

    static InputStream open() throws IOException {
        return BundledSamples.open("registry/pe/sunat/AgenRet_TXT.txt");
    }
}
