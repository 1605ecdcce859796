package dev.quipu.registry.pe;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * SUNAT's text files: ISO-8859-1, {@code |}-separated with a trailing {@code |}, no quoting (names hold
 * {@code "} and {@code '} literally, so only the pipe splits). Lines end in CR (the padrones), LF or CRLF:
 * {@link BufferedReader#readLine()} takes all three.
 */
final class SunatLines {

    private final BufferedReader reader;

    SunatLines(InputStream in) {
        this.reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.ISO_8859_1), 1 << 16);
    }

    /** The next non-blank line's cells without the empty one after the trailing pipe; null at the end. */
    List<String> next() throws IOException {
        String line;
        do {
            line = reader.readLine();
            if (line == null) {
                return null;
            }
        } while (line.isBlank());
        String[] cells = line.split("\\|", -1);
        int n = cells.length;
        if (n > 1 && cells[n - 1].isBlank()) {
            n--;
        }
        return Arrays.asList(Arrays.copyOf(cells, n));
    }
}
