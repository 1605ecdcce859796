package dev.quipu.registry.pe;

import dev.quipu.registry.load.CutOff;
import dev.quipu.registry.load.DatasetReader;
import dev.quipu.registry.load.Fields;
import dev.quipu.registry.load.RowSink;
import dev.quipu.registry.taxid.TaxIdCheck;
import dev.quipu.registry.taxid.TaxIdType;
import dev.quipu.registry.taxid.TaxIds;

import java.io.IOException;
import java.io.InputStream;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;

/**
 * A SUNAT padrón ({@code BueCont_TXT.txt}, {@code AgenRet_TXT.txt}): header {@code Ruc|Nombre/Razon|A partir
 * del|Resolucion|}, one taxpayer a line. The file states no cut-off; the newest "A partir del" date is the
 * latest incorporation it shows, the closest the file comes to one.
 */
final class SunatPadronReader implements DatasetReader {

    static final String RUC = "Ruc";
    static final String NAME = "Nombre/Razon";
    static final String SINCE = "A partir del";
    static final String RESOLUTION = "Resolucion";
    static final DateTimeFormatter DMY = DateTimeFormatter.ofPattern("dd/MM/uuuu");

    private final TaxIds taxIds;

    SunatPadronReader(TaxIds taxIds) {
        this.taxIds = taxIds;
    }

    @Override
    public CutOff read(InputStream in, RowSink sink) throws IOException {
        SunatLines lines = new SunatLines(in);
        List<String> header = lines.next();
        if (header == null || !header.get(0).strip().equalsIgnoreCase(RUC)) {
            throw new IOException("not a SUNAT padrón: the first line is not the header Ruc|Nombre/Razon|…");
        }
        header = header.stream().map(String::strip).toList();
        int sinceAt = header.indexOf(SINCE);
        LocalDate newest = null;
        List<String> cells;
        while ((cells = lines.next()) != null) {
            TaxIdCheck ruc = taxIds.check(TaxIdType.RUC, cells.get(0));
            if (!ruc.valid()) {
                sink.skip("malformed RUC");
                continue;
            }
            Fields fields = new Fields();
            for (int i = 0; i < header.size() && i < cells.size(); i++) {
                fields.put(header.get(i), cells.get(i));
            }
            LocalDate since = sinceAt >= 0 && sinceAt < cells.size() ? date(cells.get(sinceAt)) : null;
            if (since != null && (newest == null || since.isAfter(newest))) {
                newest = since;
            }
            sink.accept(ruc.normalized(), fields.map());
        }
        return newest == null ? CutOff.unknown()
                : new CutOff(newest, "newest \"A partir del\" date in the file (SUNAT states no cut-off)");
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
