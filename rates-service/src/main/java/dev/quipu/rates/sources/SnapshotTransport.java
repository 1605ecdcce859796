package dev.quipu.rates.sources;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Snapshot mode (the offline default): answers each request with the real recorded response
 * bundled under {@code snapshots/<source id>/<request key>.(json|xml)}, so the same parsers run
 * and the dates are the recording's true dates. A source with no recording fails like a
 * publisher that is down: its rates are then unavailable, or come from a fallback source.
 */
public final class SnapshotTransport implements Transport {

    private static final List<String> EXTENSIONS = List.of(".json", ".xml");
    private final String root;

    public SnapshotTransport(String root) {
        this.root = root.endsWith("/") ? root : root + "/";
    }

    @Override
    public String mode() {
        return "snapshot";
    }

    @Override
    public Body get(SourceRequest request) {
        ClassLoader loader = SnapshotTransport.class.getClassLoader();
        for (String ext : EXTENSIONS) {
            String path = root + request.sourceId() + "/" + request.key() + ext;
            try (InputStream in = loader.getResourceAsStream(path)) {
                if (in != null) {
                    return new Body(in.readAllBytes(), StandardCharsets.UTF_8);
                }
            } catch (IOException e) {
                throw new UpstreamException("cannot read bundled recording " + path, e);
            }
        }
        throw new UpstreamException("no recorded response bundled for " + request.sourceId()
                + " (snapshot mode); live mode reads " + request.publicUrl());
    }
}
