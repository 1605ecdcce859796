package dev.quipu.gateway.stream;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** A plain server-sent-events reader for tests: opens a stream and hands out its events one by one. */
final class SseClient implements AutoCloseable {

    /** One event as a browser's EventSource would see it; {@code comment} set for a comment line. */
    record Sse(String name, String id, String data, String comment) {
        boolean last() {
            return List.of("end", "limit", "error").contains(name);
        }
    }

    private final HttpResponse<InputStream> response;
    private final BlockingQueue<Sse> events = new LinkedBlockingQueue<>();
    private final Thread reader;

    private SseClient(HttpResponse<InputStream> response) {
        this.response = response;
        this.reader = new Thread(this::read, "sse-reader");
        reader.setDaemon(true);
        if (response.statusCode() == 200) {
            reader.start();
        }
    }

    static SseClient open(URI uri) {
        try {
            HttpRequest request = HttpRequest.newBuilder(uri).header("Accept", "text/event-stream").GET().build();
            return new SseClient(HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofInputStream()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    int status() {
        return response.statusCode();
    }

    String header(String name) {
        return response.headers().firstValue(name).orElse(null);
    }

    String body() {
        try {
            return new String(response.body().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The next event or comment, or an AssertionError after {@code timeout}. */
    Sse next(Duration timeout) {
        try {
            Sse e = events.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (e == null) {
                throw new AssertionError("no event within " + timeout);
            }
            return e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** The next named event, skipping comments. */
    Sse nextEvent(Duration timeout) {
        long until = System.nanoTime() + timeout.toNanos();
        while (true) {
            Sse e = next(Duration.ofNanos(Math.max(1, until - System.nanoTime())));
            if (e.comment() == null) {
                return e;
            }
        }
    }

    private void read() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
            String name = null;
            String id = null;
            StringBuilder data = null;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.isEmpty()) {
                    if (data != null || name != null) {
                        events.add(new Sse(name, id, data == null ? "" : data.toString(), null));
                    }
                    name = null;
                    id = null;
                    data = null;
                } else if (line.startsWith(":")) {
                    events.add(new Sse(null, null, null, line.substring(1).strip()));
                } else if (line.startsWith("event:")) {
                    name = line.substring(6).strip();
                } else if (line.startsWith("id:")) {
                    id = line.substring(3).strip();
                } else if (line.startsWith("data:")) {
                    String value = line.substring(5);
                    value = value.startsWith(" ") ? value.substring(1) : value;
                    data = data == null ? new StringBuilder(value) : data.append('\n').append(value);
                }
            }
        } catch (IOException e) {
            // closed by the test
        }
    }

    @Override
    public void close() {
        try {
            response.body().close();
        } catch (IOException e) {
            // already closed
        }
    }
}
