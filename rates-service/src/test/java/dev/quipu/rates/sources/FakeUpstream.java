package dev.quipu.rates.sources;

import com.sun.net.httpserver.HttpServer;
import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A local HTTP server that plays a publisher: it answers each path with a recorded body (bytes as
 * recorded, with the content type given), and remembers the requests it got.
 */
public final class FakeUpstream implements AutoCloseable {

    /** A request as the server saw it. */
    public record Seen(String path, String query, Map<String, List<String>> headers) {
        public String header(String name) {
            return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(e -> e.getValue().get(0)).findFirst().orElse(null);
        }
    }

    private record Answer(int status, byte[] body, String contentType) {
    }

    private final HttpServer server;
    private final Map<String, Answer> answers = new ConcurrentHashMap<>();
    private final List<Seen> seen = new CopyOnWriteArrayList<>();

    public FakeUpstream() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getPath();
            seen.add(new Seen(path, exchange.getRequestURI().getRawQuery(), Map.copyOf(exchange.getRequestHeaders())));
            Answer a = answers.get(path);
            if (a == null) {
                a = new Answer(404, "{\"error\":\"not found\"}".getBytes(), "application/json");
            }
            exchange.getResponseHeaders().add("Content-Type", a.contentType());
            exchange.sendResponseHeaders(a.status(), a.body().length == 0 ? -1 : a.body().length);
            try (var out = exchange.getResponseBody()) {
                out.write(a.body());
            }
        });
        server.start();
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** Answers {@code path} with the test resource {@code fixture} (for example {@code recorded/bcb-sgs-1.json}). */
    public FakeUpstream serve(String path, String fixture, String contentType) {
        answers.put(path, new Answer(200, fixture(fixture), contentType));
        return this;
    }

    /** Answers {@code path} with a recording bundled in the service ({@code snapshots/<file>}), bytes as bundled. */
    public FakeUpstream serveBundled(String path, String file, String contentType) {
        answers.put(path, new Answer(200, resource("snapshots/" + file), contentType));
        return this;
    }

    /**
     * Plays a recorded exchange (a cassette: {@code {path, params, status_code, json}}): its path answers its
     * status with the {@code json} member. {@code resource} is a class-path resource (a fixture or a bundled recording).
     */
    public FakeUpstream serveCassette(String resource) {
        try {
            JsonNode exchange = JsonMapper.createDefault().readValue(resource(resource), JsonNode.class);
            answers.put(exchange.get("path").getStringValue(), new Answer(exchange.get("status_code").getIntValue(),
                    JsonMapper.createDefault().writeValueAsBytes(exchange.get("json")), "application/json"));
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public FakeUpstream fail(String path, int status) {
        answers.put(path, new Answer(status, "<html>Service Unavailable</html>".getBytes(), "text/html"));
        return this;
    }

    public FakeUpstream serveBytes(String path, int status, byte[] body, String contentType) {
        answers.put(path, new Answer(status, body, contentType));
        return this;
    }

    public List<Seen> seen() {
        return seen;
    }

    public Seen last() {
        return seen.get(seen.size() - 1);
    }

    public static byte[] fixture(String name) {
        return resource("upstream/" + name);
    }

    static byte[] resource(String path) {
        try (InputStream in = FakeUpstream.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalArgumentException("no resource " + path);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
