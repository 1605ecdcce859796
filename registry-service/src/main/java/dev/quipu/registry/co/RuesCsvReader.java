package dev.quipu.registry.co;

import dev.quipu.registry.load.CutOff;
import dev.quipu.registry.load.DatasetReader;
import dev.quipu.registry.load.Fields;
import dev.quipu.registry.load.RowSink;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads the RUES bulk export (datos.gov.co {@code c82u-588k}, {@code rows.csv?accessType=DOWNLOAD}: about
 * 3 GB, a row per matrícula, comma-separated UTF-8) as a stream. The header is found by its content (the
 * first line naming a NIT and a razón social column), under API field names or display names
 * ({@link RuesFields#field}); only the company columns are kept, natural persons' identifiers and name parts
 * are dropped as they are read. Rows are keyed by the NIT body; rows without a NIT (a natural person
 * registered by cédula, an establishment) are skipped, and so are rows whose {@code digito_verificacion}
 * is not the body's DIAN check digit. The cut-off is the newest {@code fecha_actualizacion} in the file.
 */
final class RuesCsvReader implements DatasetReader {

    private static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder().setIgnoreEmptyLines(true).get();

    @Override
    public CutOff read(InputStream in, RowSink sink) throws IOException {
        var reader = RankingCsvReader.withoutBom(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16));
        List<String> columns = null;
        LocalDate newest = null;
        for (CSVRecord record : FORMAT.parse(reader)) {
            if (columns == null) {
                columns = header(record);
                continue;
            }
            Fields fields = new Fields();
            for (int i = 0; i < Math.min(record.size(), columns.size()); i++) {
                if (columns.get(i) != null) {
                    fields.put(columns.get(i), record.get(i));
                }
            }
            RuesMatricula row = new RuesMatricula(fields.map());
            LocalDate updated = row.updated();
            if (updated != null && (newest == null || updated.isAfter(newest))) {
                newest = updated;
            }
            Optional<String> body = row.nitBody();
            if (body.isEmpty()) {
                sink.skip(row.get(RuesFields.NIT) == null ? "row without NIT (a natural person registered by cédula,"
                        + " or an establishment)" : "nit is not a NIT body");
                continue;
            }
            String dv = row.get(RuesFields.CHECK_DIGIT);
            if (dv != null && !NitBody.checkDigitMatches(body.get(), dv)) {
                sink.skip("digito_verificacion is not the NIT's DIAN check digit");
                continue;
            }
            sink.accept(body.get(), fields.map());
        }
        if (columns == null) {
            throw new IOException("no header line naming nit and razon_social");
        }
        return newest == null ? CutOff.unknown() : new CutOff(newest, "newest fecha_actualizacion in the file");
    }

    /** The company field each column holds (null for the others), or null when this line is not the header. */
    private static List<String> header(CSVRecord record) {
        List<String> fields = new ArrayList<>(record.size());
        for (String heading : record) {
            fields.add(RuesFields.field(heading).filter(RuesFields::company).orElse(null));
        }
        return fields.contains(RuesFields.NIT) && fields.contains(RuesFields.NAME) ? fields : null;
    }
}
