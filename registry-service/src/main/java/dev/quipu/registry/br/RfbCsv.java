package dev.quipu.registry.br;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * The Receita Federal's CNPJ file format: no header, every field in double quotes, {@code ;}-separated,
 * ISO-8859-1. Lenient about a stray quote inside a field (the full files have a few) and a last line
 * without its end.
 */
final class RfbCsv {

    static final CSVFormat FORMAT = CSVFormat.Builder.create()
            .setDelimiter(';')
            .setQuote('"')
            .setIgnoreEmptyLines(true)
            .setTrailingData(true)
            .setLenientEof(true)
            .get();

    private RfbCsv() {
    }

    /** A streaming parser over the file's records (the caller closes it). */
    static CSVParser parse(InputStream in) throws IOException {
        return CSVParser.builder()
                .setReader(new BufferedReader(new InputStreamReader(in, StandardCharsets.ISO_8859_1), 1 << 16))
                .setFormat(FORMAT)
                .get();
    }
}
