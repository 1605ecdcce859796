package dev.quipu.gateway.demo;

import jakarta.inject.Singleton;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Files bundled in the jar under {@code quipu-static/} (logo, demo script and style). Only plain
 * file names are looked up, so no request can reach outside that folder.
 */
@Singleton
public class StaticAssets {

    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]{0,63}\\.(png|js|css|html)");
    private static final Map<String, String> TYPES = Map.of("png", "image/png", "js", "text/javascript;charset=utf-8",
            "css", "text/css;charset=utf-8", "html", "text/html;charset=utf-8");

    /** A file and its media type. */
    public record Asset(byte[] bytes, String contentType) {
    }

    private final Map<String, Optional<Asset>> loaded = new ConcurrentHashMap<>();

    public Optional<Asset> find(String name) {
        if (!NAME.matcher(name).matches()) {
            return Optional.empty();
        }
        return loaded.computeIfAbsent(name, StaticAssets::load);
    }

    private static Optional<Asset> load(String name) {
        try (InputStream in = StaticAssets.class.getClassLoader().getResourceAsStream("quipu-static/" + name)) {
            if (in == null) {
                return Optional.empty();
            }
            String extension = name.substring(name.lastIndexOf('.') + 1);
            return Optional.of(new Asset(in.readAllBytes(), TYPES.get(extension)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
