package dev.quipu.registry.mx;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** What SAT's list files share: Windows-1252 unless marked UTF-8 by a BOM, comma-separated, quoted fields. */
final class SatCsv {

    static final Charset WINDOWS_1252 = Charset.forName("windows-1252");
    /** Quoted fields may hold line breaks (two bare LFs inside one oficio text of the 69-B list). */
    static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder().setIgnoreEmptyLines(true).get();

    private SatCsv() {
    }

    /** SAT publishes in Windows-1252; a copy re-saved as UTF-8 carries a BOM, which decides. */
    static Charset charset(BufferedInputStream in) throws IOException {
        in.mark(3);
        byte[] b = in.readNBytes(3);
        in.reset();
        boolean bom = b.length == 3 && (b[0] & 0xFF) == 0xEF && (b[1] & 0xFF) == 0xBB && (b[2] & 0xFF) == 0xBF;
        return bom ? StandardCharsets.UTF_8 : WINDOWS_1252;
    }

    static BufferedInputStream buffered(InputStream in) {
        return in instanceof BufferedInputStream b ? b : new BufferedInputStream(in, 1 << 16);
    }

    static List<String> cells(String line) throws IOException {
        try (CSVParser p = CSVParser.parse(new StringReader(line), FORMAT)) {
            List<String> out = new ArrayList<>();
            for (CSVRecord r : p) {
                r.forEach(out::add);
            }
            return out;
        }
    }

    static CSVParser records(Reader rest) throws IOException {
        return CSVParser.parse(rest, FORMAT);
    }
}
