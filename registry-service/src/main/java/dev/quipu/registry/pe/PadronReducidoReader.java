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
import java.util.List;

/**
 * SUNAT's Padrón Reducido RUC ({@code padron_reducido_ruc.txt}, about 1.5 GB: read line by line). Fifteen
 * fields in a fixed order; they are stored under SUNAT's header names as SUNAT writes them, whatever the
 * header line of the copy says (copies circulate with the accented letters of the header blanked). The file
 * states no cut-off.
 */
final class PadronReducidoReader implements DatasetReader {

    static final String RUC = "RUC";
    static final String NAME = "NOMBRE O RAZÓN SOCIAL";
    static final String STATE = "ESTADO DEL CONTRIBUYENTE";
    static final String CONDITION = "CONDICIÓN DE DOMICILIO";
    static final String UBIGEO = "UBIGEO";
    static final List<String> COLUMNS = List.of(RUC, NAME, STATE, CONDITION, UBIGEO, "TIPO DE VÍA", "NOMBRE DE VÍA",
            "CÓDIGO DE ZONA", "TIPO DE ZONA", "NÚMERO", "INTERIOR", "LOTE", "DEPARTAMENTO", "MANZANA", "KILÓMETRO");

    private final TaxIds taxIds;

    PadronReducidoReader(TaxIds taxIds) {
        this.taxIds = taxIds;
    }

    @Override
    public CutOff read(InputStream in, RowSink sink) throws IOException {
        SunatLines lines = new SunatLines(in);
        List<String> cells;
        boolean first = true;
        while ((cells = lines.next()) != null) {
            if (first && cells.get(0).strip().equalsIgnoreCase(RUC)) {
                first = false;
                continue;
            }
            first = false;
            if (cells.size() < COLUMNS.size()) {
                sink.skip("short line");
                continue;
            }
            TaxIdCheck ruc = taxIds.check(TaxIdType.RUC, cells.get(0));
            if (!ruc.valid()) {
                sink.skip("malformed RUC");
                continue;
            }
            Fields fields = new Fields();
            for (int i = 0; i < COLUMNS.size(); i++) {
                fields.put(COLUMNS.get(i), cells.get(i));
            }
            sink.accept(ruc.normalized(), fields.map());
        }
        return CutOff.unknown();
    }
}
