package dev.quipu.registry.load;

import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;

import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/** Opens a published file by its name: {@code .zip} (each entry in turn, as RFB and SUNAT publish), {@code .gz}, {@code .bz2} or plain. */
final class Decompression {

    private Decompression() {
    }

    /** Hands each decompressed part of the file to {@code part} (one part unless it is a zip of several entries). */
    static void each(String name, InputStream raw, Part part) throws IOException {
        String lower = name.toLowerCase(Locale.ROOT);
        InputStream in = new BufferedInputStream(raw, 1 << 16);
        if (lower.endsWith(".zip")) {
            try (ZipInputStream zip = new ZipInputStream(in)) {
                ZipEntry entry;
                while ((entry = zip.getNextEntry()) != null) {
                    if (!entry.isDirectory()) {
                        part.read(entry.getName(), new FilterInputStream(zip) {
                            @Override
                            public void close() {
                                // the reader closing its stream must not close the zip
                            }
                        });
                    }
                }
            }
        } else if (lower.endsWith(".gz")) {
            try (InputStream gz = new GZIPInputStream(in, 1 << 16)) {
                part.read(name.substring(0, name.length() - 3), gz);
            }
        } else if (lower.endsWith(".bz2")) {
            try (InputStream bz = new BZip2CompressorInputStream(in, true)) {
                part.read(name.substring(0, name.length() - 4), bz);
            }
        } else {
            try (in) {
                part.read(name, in);
            }
        }
    }

    @FunctionalInterface
    interface Part {
        void read(String entryName, InputStream in) throws IOException;
    }
}
