package dev.quipu.gateway.docs;

import jakarta.inject.Singleton;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * The Swagger UI files of the {@code org.webjars:swagger-ui} jar, so {@code /docs} works offline.
 * The webjar's version is read from its own Maven metadata, so upgrading it is a pom change only.
 */
@Singleton
public class SwaggerUiAssets {

    private static final Map<String, String> FILES = Map.of(
            "swagger-ui-bundle.js", "text/javascript;charset=utf-8",
            "swagger-ui-standalone-preset.js", "text/javascript;charset=utf-8",
            "swagger-ui.css", "text/css;charset=utf-8");

    /** A file and its media type. */
    public record Asset(byte[] bytes, String contentType) {
    }

    private final String root;

    public SwaggerUiAssets() {
        this.root = "META-INF/resources/webjars/swagger-ui/" + version() + "/";
    }

    public Optional<Asset> find(String name) {
        String type = FILES.get(name);
        if (type == null) {
            return Optional.empty();
        }
        try (InputStream in = getClass().getClassLoader().getResourceAsStream(root + name)) {
            return in == null ? Optional.empty() : Optional.of(new Asset(in.readAllBytes(), type));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String version() {
        try (InputStream in = SwaggerUiAssets.class.getClassLoader()
                .getResourceAsStream("META-INF/maven/org.webjars/swagger-ui/pom.properties")) {
            if (in == null) {
                throw new IllegalStateException("org.webjars:swagger-ui is not on the classpath");
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
