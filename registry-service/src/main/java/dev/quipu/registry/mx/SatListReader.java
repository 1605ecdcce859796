package dev.quipu.registry.mx;

import dev.quipu.registry.load.CutOff;
import dev.quipu.registry.load.DatasetReader;
import dev.quipu.registry.load.Fields;
import dev.quipu.registry.load.RowSink;
import dev.quipu.registry.taxid.TaxIdCheck;
import dev.quipu.registry.taxid.TaxIdType;
import dev.quipu.registry.taxid.TaxIds;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * One of SAT's taxpayer lists: a legend with the cut-off and a title before the header (found by its
 * content), then one row per RFC and procedure, columns taken by the header's names. Rows whose RFC is
 * malformed are skipped (SAT blanks the RFC of annulled 69-B procedures to {@code XXXXXXXXXXXX}); an RFC
 * with a wrong check digit is kept, as SAT issued it.
 */
final class SatListReader implements DatasetReader {

    static final String RFC = "RFC";

    private final TaxIds taxIds;
    private final Predicate<String> isHeader;
    private final String what;

    private SatListReader(TaxIds taxIds, Predicate<String> isHeader, String what) {
        this.taxIds = taxIds;
        this.isHeader = isHeader;
        this.what = what;
    }

    /** {@code Listado_Completo_69-B.csv}: header {@code No,RFC,Nombre del Contribuyente,Situación del contribuyente,…}. */
    static SatListReader art69b(TaxIds taxIds) {
        return new SatListReader(taxIds, line -> line.startsWith("No,RFC,"), "Art. 69-B");
    }

    /**
     * {@code Listado_Completo_69.csv}: header {@code RFC, RAZÓN SOCIAL, TIPO PERSONA, SUPUESTO, …}. No copy of
     * the real file was at hand: the header is the first line whose first cell is {@code RFC}.
     */
    static SatListReader art69(TaxIds taxIds) {
        return new SatListReader(taxIds, line -> {
            String upper = line.toUpperCase(Locale.ROOT);
            return upper.startsWith("RFC,") || upper.startsWith("\"RFC\",");
        }, "Art. 69");
    }

    @Override
    public CutOff read(InputStream raw, RowSink sink) throws IOException {
        BufferedInputStream in = SatCsv.buffered(raw);
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, SatCsv.charset(in)), 1 << 16);
        SatPreamble preamble = SatPreamble.read(reader, isHeader, what);
        List<String> header = SatCsv.cells(preamble.header()).stream().map(String::strip).toList();
        int rfcAt = header.stream().map(h -> h.toUpperCase(Locale.ROOT)).toList().indexOf(RFC);
        try (CSVParser records = SatCsv.records(reader)) {
            for (CSVRecord r : records) {
                if (r.size() <= rfcAt) {
                    sink.skip("short row");
                    continue;
                }
                TaxIdCheck rfc = taxIds.check(TaxIdType.RFC, r.get(rfcAt));
                if (!rfc.valid()) {
                    sink.skip("malformed RFC");
                    continue;
                }
                Fields fields = new Fields();
                for (int i = 0; i < header.size() && i < r.size(); i++) {
                    fields.put(header.get(i), r.get(i));
                }
                sink.accept(rfc.normalized(), fields.map());
            }
        }
        return preamble.cutOff();
    }
}
