package dev.quipu.registry.co;

import dev.quipu.registry.load.CutOff;
import dev.quipu.registry.load.Fields;
import dev.quipu.registry.load.RowSink;

import java.io.IOException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The rows of a Supersociedades ranking of the largest companies, however the file holds them (the
 * workbook's first sheet, the CSV of datos.gov.co): the header is found by its content (the row with a
 * {@code NIT} and a {@code RAZON SOCIAL} cell), its names kept as published with line breaks folded to
 * spaces ({@code "INGRESOS OPERACIONALES\n2018*"}), and the cut-off read from the fiscal year the
 * figures are for ({@code INGRESOS OPERACIONALES 2025*} → 2025-12-31). The NIT is the body without check
 * digit, with or without thousands separators.
 */
final class RankingRows {

    static final String NIT = "NIT";
    static final String NAME = "RAZON SOCIAL";
    private static final Pattern REVENUE_YEAR = Pattern.compile("^INGRESOS OPERACIONALES (\\d{4})\\*?$");

    private List<String> header;
    private final Set<Integer> columns = new HashSet<>();
    private int nitColumn = -1;
    private CutOff cutOff = CutOff.unknown();

    /** One row of cells (null or blank for empty cells). */
    void row(List<String> cells, RowSink sink) throws IOException {
        if (header == null) {
            readHeader(cells);
            return;
        }
        if (cells.stream().allMatch(c -> c == null || c.isBlank())) {
            return;
        }
        String nit = nitColumn < cells.size() ? cells.get(nitColumn) : null;
        var body = NitBody.of(nit);
        if (body.isEmpty()) {
            sink.skip(nit == null || nit.isBlank() ? "row without NIT" : "NIT cell is not a NIT body");
            return;
        }
        Fields fields = new Fields();
        for (int i = 0; i < Math.min(cells.size(), header.size()); i++) {
            if (columns.contains(i)) {
                fields.put(header.get(i), cells.get(i));
            }
        }
        sink.accept(body.get(), fields.map());
    }

    private void readHeader(List<String> cells) {
        List<String> names = new ArrayList<>(cells.size());
        for (String c : cells) {
            names.add(c == null ? "" : c.replaceAll("\\s+", " ").strip());
        }
        if (!names.contains(NIT) || !names.contains(NAME)) {
            return;
        }
        header = names;
        Set<String> seen = new HashSet<>();
        int newest = 0;
        String newestName = null;
        for (int i = 0; i < names.size(); i++) {
            String n = names.get(i);
            // the 2025 workbook repeats RANKING 2025 as its last column: the first one is kept
            if (!n.isEmpty() && seen.add(n)) {
                columns.add(i);
            }
            Matcher m = REVENUE_YEAR.matcher(n);
            if (m.matches() && Integer.parseInt(m.group(1)) > newest) {
                newest = Integer.parseInt(m.group(1));
                newestName = n;
            }
        }
        nitColumn = names.indexOf(NIT);
        if (newestName != null) {
            cutOff = new CutOff(LocalDate.of(newest, 12, 31), "fiscal year " + newest + " figures (column \""
                    + newestName + "\")");
        }
    }

    boolean headerFound() {
        return header != null;
    }

    CutOff cutOff() {
        return cutOff;
    }
}
