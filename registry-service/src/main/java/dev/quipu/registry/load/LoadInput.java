package dev.quipu.registry.load;

import io.micronaut.core.annotation.Nullable;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * A file to load: where it is named from (its URL, or the path it was read from), how to open its bytes
 * (as published: zip, gzip or plain), their SHA-256, and a cut-off to fall back on when the file itself
 * states none.
 *
 * @param origin   {@code bundled}, {@code file} or {@code url} (LoadRecord's constants)
 * @param name     the file name, which says how it is compressed and (for {@code ./quipu registry load}) which dataset it is
 * @param declared the cut-off known from outside the file (a bundled sample's provenance, a release folder,
 *                 an HTTP Last-Modified), used only when the file states none
 * @param download the local copy of a downloaded file, deleted once it is loaded (kept while a failed load may resume)
 */
public record LoadInput(String sourceUrl, String origin, String name, String sha256, Opener opener, CutOff declared,
                        @Nullable Path download) {

    /** Opens the file's bytes, as published. */
    @FunctionalInterface
    public interface Opener {
        InputStream open() throws IOException;
    }

    public LoadInput withDeclared(@Nullable CutOff cutOff) {
        return cutOff == null || !cutOff.known() ? this : new LoadInput(sourceUrl, origin, name, sha256, opener, cutOff, download);
    }
}
