package dev.quipu.sanctions.refresh;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Downloads one list file over HTTP(S) with the JDK client (redirects followed, as the official hosts use them). */
public class ListFetcher {

    /** A download that did not produce a file: transport error or a non-200 status. */
    public static final class FetchFailed extends Exception {
        FetchFailed(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private final HttpClient client;
    private final Duration timeout;

    public ListFetcher(Duration connectTimeout, Duration timeout) {
        this.timeout = timeout;
        this.client = HttpClient.newBuilder().connectTimeout(connectTimeout).followRedirects(HttpClient.Redirect.NORMAL).build();
    }

    public byte[] fetch(String url) throws FetchFailed {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url)).timeout(timeout)
                .header("User-Agent", "quipu-sanctions-service/1 (list refresh)").GET().build();
        try {
            HttpResponse<byte[]> response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
            if (response.statusCode() != 200) {
                throw new FetchFailed(url + " answered HTTP " + response.statusCode(), null);
            }
            return response.body();
        } catch (IOException e) {
            throw new FetchFailed(url + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new FetchFailed(url + ": interrupted", e);
        }
    }
}
