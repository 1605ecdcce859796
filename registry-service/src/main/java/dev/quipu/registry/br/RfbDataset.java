package dev.quipu.registry.br;

import dev.quipu.registry.load.BulkDataset;
import dev.quipu.registry.load.CutOff;
import dev.quipu.registry.load.DatasetReader;
import dev.quipu.registry.load.Fields;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One of the Receita Federal's CNPJ tables (Empresas, Estabelecimentos, Sócios, Simples): positional
 * columns named as in the RFB's layout ({@code cnpj_basico}, {@code razao_social}…), read by
 * {@link RfbCsv}. The files state no date; their cut-off is the release's ({@link #cutOffOf(String)}).
 */
abstract class RfbDataset implements BulkDataset {

    static final String COUNTRY = "BR";
    static final String PUBLISHER = "Receita Federal do Brasil";
    private static final Pattern BASICO = Pattern.compile("[0-9A-Z]{8}");

    private final String id;
    private final String title;
    private final List<String> columns;
    private final Set<String> notKept;
    private final Pattern names;

    /**
     * @param notKept columns read but not stored (contact data of sole traders: never served, so not kept)
     * @param names   the file names the RFB publishes (the zips and the extracted files) and our sample's
     */
    RfbDataset(String id, String title, List<String> columns, Set<String> notKept, Pattern names) {
        this.id = id;
        this.title = title;
        this.columns = List.copyOf(columns);
        this.notKept = Set.copyOf(notKept);
        this.names = names;
    }

    /** The record's key, or why the record cannot be keyed. */
    record Key(String key, String skip) {
        static Key of(String key) {
            return new Key(key, null);
        }

        static Key skip(String why) {
            return new Key(null, why);
        }
    }

    /** The key of a record from its fields (all columns, kept or not). */
    abstract Key keyOf(Map<String, String> fields);

    /** The 8-character cnpj_basico (digits; capital letters allowed from July 2026), or why not. */
    static Key basico(Map<String, String> fields) {
        String b = fields.get("cnpj_basico");
        if (b == null || !BASICO.matcher(b).matches()) {
            return Key.skip("cnpj_basico is not 8 characters of 0-9/A-Z");
        }
        return Key.of(b);
    }

    List<String> columns() {
        return columns;
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public String country() {
        return COUNTRY;
    }

    @Override
    public String title() {
        return title;
    }

    @Override
    public String publisher() {
        return PUBLISHER;
    }

    @Override
    public Optional<String> officialUrl() {
        return Optional.of(RfbRelease.OFFICIAL_URL);
    }

    @Override
    public boolean recognises(String fileName) {
        return fileName != null && names.matcher(fileName.substring(fileName.lastIndexOf('/') + 1)).matches();
    }

    /**
     * The cut-off of a file of this dataset loaded from {@code urlOrName}: the release in its URL's
     * {@code /YYYY-MM/} folder or its extracted name's {@code D}-code; unknown otherwise.
     */
    @Override
    public CutOff cutOffOf(String urlOrName) {
        return RfbRelease.of(urlOrName);
    }

    @Override
    public DatasetReader reader() {
        return (in, sink) -> {
            try (CSVParser parser = RfbCsv.parse(in)) {
                for (CSVRecord r : parser) {
                    if (r.size() < columns.size()) {
                        sink.skip("short record: " + r.size() + " fields, " + columns.size() + " expected");
                        continue;
                    }
                    Fields all = new Fields();
                    Fields kept = new Fields();
                    for (int i = 0; i < columns.size(); i++) {
                        all.put(columns.get(i), r.get(i));
                        if (!notKept.contains(columns.get(i))) {
                            kept.put(columns.get(i), r.get(i));
                        }
                    }
                    Key key = keyOf(all.map());
                    if (key.key() == null) {
                        sink.skip(key.skip());
                    } else {
                        sink.accept(key.key(), kept.map());
                    }
                }
            }
            // the files state no date: the loader falls back on the release's cut-off
            return CutOff.unknown();
        };
    }
}
