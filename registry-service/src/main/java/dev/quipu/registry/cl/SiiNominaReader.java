package dev.quipu.registry.cl;

import dev.quipu.registry.load.CutOff;
import dev.quipu.registry.load.DatasetReader;
import dev.quipu.registry.load.Fields;
import dev.quipu.registry.load.RowSink;
import dev.quipu.registry.taxid.TaxIdCheck;
import dev.quipu.registry.taxid.TaxIdType;
import dev.quipu.registry.taxid.TaxIds;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * SII's Nómina de Personas Jurídicas y Empresas: tab-separated with a header line, one taxpayer a line, the
 * RUT's body and check digit in two columns ({@code RUT}, {@code DV}). No copy of the real file was at hand:
 * columns are taken by their header names (found by {@link SiiNomina#field}, whatever their order and
 * accents), and the encoding is sniffed (UTF-8 when the first 64 KiB decode as UTF-8, else Windows-1252).
 * The file states no cut-off.
 */
final class SiiNominaReader implements DatasetReader {

    private static final int SNIFF = 1 << 16;

    private final TaxIds taxIds;

    SiiNominaReader(TaxIds taxIds) {
        this.taxIds = taxIds;
    }

    @Override
    public CutOff read(InputStream raw, RowSink sink) throws IOException {
        BufferedInputStream in = new BufferedInputStream(raw, SNIFF);
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, charset(in)), 1 << 16);
        String first = reader.readLine();
        if (first == null) {
            throw new IOException("empty file: no header");
        }
        List<String> header = Arrays.stream(first.replace("\uFEFF", "").split("\t", -1)).map(String::strip).toList();
        int rutAt = SiiNomina.column(header, "rut");
        int dvAt = SiiNomina.column(header, "dv");
        if (rutAt < 0 || dvAt < 0) {
            throw new IOException("not SII's nómina: no RUT and DV columns in " + header);
        }
        String line;
        while ((line = reader.readLine()) != null) {
            if (line.isBlank()) {
                continue;
            }
            String[] cells = line.split("\t", -1);
            if (cells.length <= Math.max(rutAt, dvAt)) {
                sink.skip("short line");
                continue;
            }
            TaxIdCheck rut = taxIds.check(TaxIdType.RUT, cells[rutAt].strip() + "-" + cells[dvAt].strip());
            if (!rut.valid()) {
                sink.skip("malformed RUT");
                continue;
            }
            Fields fields = new Fields();
            for (int i = 0; i < header.size() && i < cells.length; i++) {
                fields.put(header.get(i), cells[i]);
            }
            sink.accept(rut.normalized(), fields.map());
        }
        return CutOff.unknown();
    }

    static Charset charset(BufferedInputStream in) throws IOException {
        in.mark(SNIFF);
        byte[] head = in.readNBytes(SNIFF);
        in.reset();
        CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        // endOfInput false: a multi-byte character cut at the end of the sniffed bytes is no error
        CoderResult result = utf8.decode(ByteBuffer.wrap(head), CharBuffer.allocate(head.length + 1), false);
        return result.isError() ? Charset.forName("windows-1252") : StandardCharsets.UTF_8;
    }
}
