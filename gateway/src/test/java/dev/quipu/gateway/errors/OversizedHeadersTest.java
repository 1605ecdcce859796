package dev.quipu.gateway.errors;

import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A request whose headers exceed the server's limit gets the suite's JSON error body, as every other error. */
@MicronautTest(transactional = false)
class OversizedHeadersTest implements TestPropertyProvider {

    @Inject
    EmbeddedServer server;

    @Override
    public Map<String, String> getProperties() {
        return Map.of("kafka.enabled", "false");
    }

    @Test
    void headersOverTheLimitGetTheSuitesJsonErrorBody() throws Exception {
        String answer = rawGet("/health", "X-Padding: " + "a".repeat(20_000));
        String status = answer.lines().findFirst().orElse("");
        assertTrue(status.contains(" 431 ") || status.contains(" 413 ") || status.contains(" 400 "), status);
        assertTrue(answer.contains("application/json"), answer);
        assertTrue(answer.contains("\"error\":\"request_too_large\""), answer);
        assertFalse(answer.contains("_links") || answer.contains("_embedded"), answer);
    }

    /** Over a plain socket: an HTTP client library may refuse to send such headers at all. */
    private String rawGet(String path, String header) throws Exception {
        try (Socket socket = new Socket("127.0.0.1", server.getPort())) {
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + header + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            socket.setSoTimeout(10_000);
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
