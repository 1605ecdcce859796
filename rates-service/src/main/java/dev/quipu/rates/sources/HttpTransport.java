package dev.quipu.rates.sources;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;

/** Live mode: a real HTTP GET to the publisher (java.net.http: no extra dependency, HTTP/2, timeouts). */
public final class HttpTransport implements Transport {

    private final HttpClient client;
    private final Duration timeout;

    public HttpTransport(Duration timeout) {
        this(timeout, timeout);
    }

    /**
     * @param connectTimeout small, so that an unreachable publisher fails fast (no start-up or refresh stall)
     * @param timeout        the whole request, for publishers that answer slowly
     */
    public HttpTransport(Duration connectTimeout, Duration timeout) {
        this.client = HttpClient.newBuilder().connectTimeout(connectTimeout).followRedirects(HttpClient.Redirect.NORMAL).build();
        this.timeout = timeout;
    }

    @Override
    public String mode() {
        return "live";
    }

    @Override
    public Body get(SourceRequest request) {
        HttpRequest.Builder b = HttpRequest.newBuilder(request.uri()).timeout(timeout).GET()
                .header("User-Agent", "quipu-rates/0.1 (+https://quipu.dev)");
        request.headers().forEach(b::header);
        HttpResponse<byte[]> response;
        try {
            response = client.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            // publicUrl, never uri, and exception class names, never their messages: the uri may hold credentials
            Throwable cause = e.getCause();
            throw new UpstreamException("no answer from " + request.publicUrl() + ": " + e.getClass().getSimpleName()
                    + (cause == null || cause.getClass() == e.getClass() ? "" : " (" + cause.getClass().getSimpleName() + ")"), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UpstreamException("interrupted while calling " + request.publicUrl(), e);
        }
        if (response.statusCode() / 100 != 2) {
            throw new UpstreamException("HTTP " + response.statusCode() + " from " + request.publicUrl(), response.statusCode(), null);
        }
        return new Body(response.body(), charset(response.headers().firstValue("Content-Type").orElse("")));
    }

    static Charset charset(String contentType) {
        for (String part : contentType.split(";")) {
            String p = part.trim().toLowerCase(Locale.ROOT);
            if (p.startsWith("charset=")) {
                try {
                    return Charset.forName(p.substring(8).replace("\"", ""));
                } catch (RuntimeException e) {
                    return StandardCharsets.UTF_8;
                }
            }
        }
        return StandardCharsets.UTF_8;
    }
}
