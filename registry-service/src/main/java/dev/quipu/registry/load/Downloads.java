package dev.quipu.registry.load;

import dev.quipu.registry.store.LoadRecord;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;

/**
 * Turns a file path or URL into a {@link LoadInput}: a URL is streamed to a local file first (computing
 * its SHA-256 on the way), so that an unchanged publication is recognised before any parsing and a
 * failed load resumes from the same bytes.
 */
@Singleton
public class Downloads {

    private final LoadSettings settings;
    private final HttpClient http;

    public Downloads(LoadSettings settings) {
        this.settings = settings;
        this.http = HttpClient.newBuilder().connectTimeout(settings.connectTimeout())
                .followRedirects(HttpClient.Redirect.NORMAL).build();
    }

    /** A local file, named by its absolute path. */
    public LoadInput file(Path file) {
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new LoadException("no readable file " + file);
        }
        Path abs = file.toAbsolutePath().normalize();
        String sha;
        try (InputStream in = Files.newInputStream(abs); OutputStream sink = digesting()) {
            in.transferTo(sink);
            sha = hex(sink);
        } catch (IOException e) {
            throw new LoadException("cannot read " + abs + ": " + e.getMessage(), e);
        }
        return new LoadInput(abs.toUri().toString(), LoadRecord.FILE, abs.getFileName().toString(), sha,
                () -> Files.newInputStream(abs), CutOff.unknown(), null);
    }

    /**
     * Downloads a URL. The file's HTTP {@code Last-Modified} is kept as the fallback cut-off (the date the
     * publisher last changed it) for files that state none.
     */
    public LoadInput url(URI url) {
        Path target;
        try {
            Path dir = settings.downloadDir() == null || settings.downloadDir().isBlank()
                    ? Path.of(System.getProperty("java.io.tmpdir")) : Path.of(settings.downloadDir());
            Files.createDirectories(dir);
            target = Files.createTempFile(dir, "registry-", "-" + name(url));
        } catch (IOException e) {
            throw new LoadException("cannot make room for the download of " + url + ": " + e.getMessage(), e);
        }
        HttpRequest request = HttpRequest.newBuilder(url).timeout(settings.downloadTimeout()).GET()
                .header("User-Agent", "quipu-registry/0.1 (+https://quipu.dev)").build();
        try {
            HttpResponse<InputStream> response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
            String sha;
            try (InputStream in = response.body()) {
                if (response.statusCode() / 100 != 2) {
                    throw new LoadException("HTTP " + response.statusCode() + " from " + url);
                }
                try (OutputStream out = new DigestOutputStream(Files.newOutputStream(target), sha256())) {
                    in.transferTo(out);
                    sha = HexFormat.of().formatHex(((DigestOutputStream) out).getMessageDigest().digest());
                }
            }
            CutOff lastModified = response.headers().firstValue("Last-Modified").map(Downloads::httpDate)
                    .map(d -> new CutOff(d, "HTTP Last-Modified of the download")).orElse(CutOff.unknown());
            Path file = target;
            return new LoadInput(url.toString(), LoadRecord.URL, name(url), sha, () -> Files.newInputStream(file), lastModified, file);
        } catch (IOException e) {
            deleteQuietly(target);
            throw new LoadException("cannot download " + url + ": " + e.getClass().getSimpleName(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            deleteQuietly(target);
            throw new LoadException("interrupted while downloading " + url, e);
        } catch (LoadException e) {
            deleteQuietly(target);
            throw e;
        }
    }

    static String name(URI url) {
        String path = url.getPath() == null ? "" : url.getPath();
        String last = path.substring(path.lastIndexOf('/') + 1);
        return last.isBlank() ? "download" : last.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    private static LocalDate httpDate(String value) {
        try {
            return ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME).withZoneSameInstant(ZoneOffset.UTC).toLocalDate();
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static OutputStream digesting() {
        return new DigestOutputStream(OutputStream.nullOutputStream(), sha256());
    }

    private static String hex(OutputStream digesting) {
        return HexFormat.of().formatHex(((DigestOutputStream) digesting).getMessageDigest().digest());
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // a temp file
        }
    }
}
