package dev.quipu.registry.cl;

import dev.quipu.registry.load.CutOff;
import dev.quipu.registry.load.DatasetReader;
import dev.quipu.registry.load.Fields;
import dev.quipu.registry.load.RowSink;
import dev.quipu.registry.taxid.TaxIdCheck;
import dev.quipu.registry.taxid.TaxIdType;
import dev.quipu.registry.taxid.TaxIds;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.List;

/**
 * A year file of the Registro de Empresas y Sociedades (Ley 20.659) on datos.gob.cl: UTF-8 with a BOM,
 * {@code ;}-separated, a header line, one company constituted that year per line ({@code RUT} as
 * {@code 76286049-K}, dates dd-mm-yyyy). The file states no cut-off; its newest registration date is the
 * closest, and a registration on 31 December means the year is closed.
 */
final class ResReader implements DatasetReader {

    static final String RUT = "RUT";
    static final String REGISTERED = "Fecha de registro (ultima firma)";
    static final DateTimeFormatter DMY = DateTimeFormatter.ofPattern("dd-MM-uuuu");
    private static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder().setDelimiter(';').setIgnoreEmptyLines(true).get();

    private final TaxIds taxIds;

    ResReader(TaxIds taxIds) {
        this.taxIds = taxIds;
    }

    @Override
    public CutOff read(InputStream in, RowSink sink) throws IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
        String first = reader.readLine();
        if (first == null) {
            throw new IOException("empty file: no header");
        }
        List<String> header = Arrays.stream(first.replace("\uFEFF", "").split(";", -1)).map(String::strip).toList();
        int rutAt = header.indexOf(RUT);
        int registeredAt = header.indexOf(REGISTERED);
        if (rutAt < 0) {
            throw new IOException("not a Registro de Empresas y Sociedades file: no RUT column in " + header);
        }
        LocalDate newest = null;
        try (CSVParser records = CSVParser.parse(reader, FORMAT)) {
            for (CSVRecord r : records) {
                if (r.size() <= rutAt) {
                    sink.skip("short line");
                    continue;
                }
                TaxIdCheck rut = taxIds.check(TaxIdType.RUT, r.get(rutAt));
                if (!rut.valid()) {
                    sink.skip("malformed RUT");
                    continue;
                }
                Fields fields = new Fields();
                for (int i = 0; i < header.size() && i < r.size(); i++) {
                    fields.put(header.get(i), r.get(i));
                }
                LocalDate registered = registeredAt >= 0 && registeredAt < r.size() ? date(r.get(registeredAt)) : null;
                if (registered != null && (newest == null || registered.isAfter(newest))) {
                    newest = registered;
                }
                sink.accept(rut.normalized(), fields.map());
            }
        }
        if (newest == null) {
            return CutOff.unknown();
        }
        boolean closedYear = newest.getMonthValue() == 12 && newest.getDayOfMonth() == 31;
        return new CutOff(newest, closedYear
                ? "a closed year of constitutions: registrations to 31 December " + newest.getYear()
                : "newest \"" + REGISTERED + "\" in the file");
    }

    static LocalDate date(String dmy) {
        if (dmy == null || dmy.isBlank()) {
            return null;
        }
        try {
            return LocalDate.parse(dmy.strip(), DMY);
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
