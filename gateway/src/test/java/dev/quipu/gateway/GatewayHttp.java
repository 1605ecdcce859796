package dev.quipu.gateway;

import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

/** A plain HTTP client of the gateway under test: every status is an answer, never an exception. */
public final class GatewayHttp {

    private final HttpClient http = HttpClient.newHttpClient();
    private final URI base;
    private final JsonMapper json;

    public GatewayHttp(EmbeddedServer server, JsonMapper json) {
        this.base = server.getURI();
        this.json = json;
    }

    public HttpResponse<byte[]> send(String method, String path, String body, String... headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public HttpResponse<byte[]> get(String path, String... headers) {
        return send("GET", path, null, headers);
    }

    public String text(HttpResponse<byte[]> response) {
        return new String(response.body(), java.nio.charset.StandardCharsets.UTF_8);
    }

    @SuppressWarnings("unchecked")
    public Map<String, Object> object(HttpResponse<byte[]> response) {
        return (Map<String, Object>) parse(response.body());
    }

    public Object parse(byte[] bytes) {
        try {
            return json.readValue(bytes, Object.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> map(Object value) {
        return (Map<String, Object>) value;
    }

    @SuppressWarnings("unchecked")
    public static List<Object> list(Object value) {
        return (List<Object>) value;
    }
}
