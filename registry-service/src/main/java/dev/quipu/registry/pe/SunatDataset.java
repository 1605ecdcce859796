package dev.quipu.registry.pe;

import dev.quipu.registry.load.BulkDataset;
import dev.quipu.registry.load.DatasetReader;

import java.util.Optional;
import java.util.regex.Pattern;

/** A file SUNAT publishes for download; the three differ only in name, address and reader. */
abstract class SunatDataset implements BulkDataset {

    private final String id;
    private final String title;
    private final String url;
    private final Pattern fileName;
    private final DatasetReader reader;

    SunatDataset(String id, String title, String url, String fileNameRegex, DatasetReader reader) {
        this.id = id;
        this.title = title;
        this.url = url;
        this.fileName = Pattern.compile("(?i)" + fileNameRegex);
        this.reader = reader;
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public String country() {
        return "PE";
    }

    @Override
    public String title() {
        return title;
    }

    @Override
    public String publisher() {
        return "Superintendencia Nacional de Aduanas y de Administración Tributaria (SUNAT)";
    }

    @Override
    public Optional<String> officialUrl() {
        return Optional.of(url);
    }

    @Override
    public boolean recognises(String name) {
        return fileName.matcher(name).matches();
    }

    @Override
    public DatasetReader reader() {
        return reader;
    }
}
