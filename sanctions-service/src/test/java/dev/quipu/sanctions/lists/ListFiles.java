package dev.quipu.sanctions.lists;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** Reads the real list files bundled with the service (main) or kept for tests. */
public final class ListFiles {
    private ListFiles() {
    }

    public static byte[] bytes(String resource) {
        try (InputStream in = ListFiles.class.getResourceAsStream("/" + resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no resource " + resource);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String text(String resource) {
        return new String(bytes(resource), java.nio.charset.StandardCharsets.ISO_8859_1);
    }
}
