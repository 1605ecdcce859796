package dev.quipu.registry.co;

import dev.quipu.registry.load.CutOff;
import dev.quipu.registry.load.DatasetReader;
import dev.quipu.registry.load.RowSink;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;

/**
 * Reads the ranking as datos.gov.co published it: UTF-8 with a byte-order mark, {@code ;}-separated, two
 * header cells quoted around a line break, numbers (the NIT included) with {@code ,} thousands separators.
 */
final class RankingCsvReader implements DatasetReader {

    private static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder().setDelimiter(';').setIgnoreEmptyLines(true).get();

    @Override
    public CutOff read(InputStream in, RowSink sink) throws IOException {
        Reader reader = withoutBom(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16));
        RankingRows rows = new RankingRows();
        for (CSVRecord record : FORMAT.parse(reader)) {
            rows.row(record.toList(), sink);
        }
        if (!rows.headerFound()) {
            throw new IOException("no header line with NIT and RAZON SOCIAL");
        }
        return rows.cutOff();
    }

    static Reader withoutBom(BufferedReader reader) throws IOException {
        reader.mark(1);
        if (reader.read() != '\uFEFF') {
            reader.reset();
        }
        return reader;
    }
}
