package dev.quipu.registry.br;

import com.sun.net.httpserver.HttpServer;
import dev.quipu.registry.lookup.LiveSourceException;
import dev.quipu.registry.taxid.TaxIdCheck;
import dev.quipu.registry.taxid.TaxIds;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The CNPJ mirror client against a local server answering with minha-receita's real recorded response. */
class BrCnpjMirrorTest {

    private static final TaxIds IDS = new TaxIds();
    private static final TaxIdCheck OKBR = IDS.forEntity("BR", "19.131.243/0001-97");

    private HttpServer server;
    private String base;
    private String recorded;

    @BeforeEach
    void serve() throws IOException {
        try (InputStream in = getClass().getClassLoader().getResourceAsStream("br/minha-receita/response.json")) {
            recorded = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            String cnpj = exchange.getRequestURI().getPath().substring(1);
            int status;
            String body;
            switch (cnpj) {
                case "19131243000197" -> {
                    status = 200;
                    body = recorded;
                }
                case "00000000000191" -> {
                    status = 500;
                    body = "{\"message\":\"internal error\"}";
                }
                case "33592510000154" -> {
                    status = 400;
                    body = "{\"message\":\"CNPJ 33.592.510/0001-54 não encontrado.\"}";
                }
                default -> {
                    status = 404;
                    body = "{\"message\":\"not found\"}";
                }
            }
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        });
        server.start();
        base = "http://127.0.0.1:" + server.getAddress().getPort() + "/";
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private BrCnpjMirror mirror(String url) {
        return new BrCnpjMirror(url, Duration.ofSeconds(3), Duration.ofSeconds(8));
    }

    @Test
    void aKnownCnpjAnswersWithTheMirrorsBodyAsSent() {
        assertEquals(Optional.of(recorded), mirror(base).fetch(OKBR));
    }

    @Test
    void notFoundIsNoRecord() {
        assertEquals(Optional.empty(), mirror(base).fetch(IDS.forEntity("BR", "06.626.253/0001-51")));
    }

    @Test
    void badRequestIsNoRecordToo() {
        assertEquals(Optional.empty(), mirror(base).fetch(IDS.forEntity("BR", "33.592.510/0001-54")));
    }

    @Test
    void aServerErrorCannotBeAnsweredAndSaysWhereAndWhat() {
        var e = assertThrows(LiveSourceException.class, () -> mirror(base).fetch(IDS.forEntity("BR", "00.000.000/0001-91")));
        assertTrue(e.getMessage().contains(base + "00000000000191"), e.getMessage());
        assertTrue(e.getMessage().contains("HTTP 500"), e.getMessage());
    }

    @Test
    void anUnreachableMirrorCannotBeAnsweredAndNamesTheFailure() throws IOException {
        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        var e = assertThrows(LiveSourceException.class, () -> mirror("http://127.0.0.1:" + closed + "/").fetch(OKBR));
        assertTrue(e.getMessage().contains("127.0.0.1:" + closed), e.getMessage());
        assertTrue(e.getMessage().contains("ConnectException"), e.getMessage());
    }

    @Test
    void anEmptyUrlSwitchesTheMirrorOff() {
        BrCnpjMirror off = mirror("");
        assertFalse(off.enabled());
        assertEquals(Optional.empty(), off.fetch(OKBR));
    }

    @Test
    void aCpfIsNotAskedForTheMirrorServesOnlyCnpjs() {
        assertEquals(Optional.empty(), mirror(base).fetch(IDS.forEntity("BR", "529.982.247-25")));
    }

    @Test
    void theMirrorIsNotTheAuthorityAndShowsNoCredentials() {
        // constructed configuration: a self-hosted mirror behind basic auth
        BrCnpjMirror m = mirror("https://user:secret@mirror.example.org/cnpj/");
        assertFalse(m.official());
        assertEquals("https://mirror.example.org/cnpj/", m.publicUrl());
        assertEquals("br.cnpj.mirror", m.id());
    }

    @Test
    void brasilApiCanBeConfiguredWithOrWithoutTheTrailingSlash() {
        assertEquals("https://minhareceita.org/", mirror("https://minhareceita.org/").publicUrl());
        assertEquals("https://brasilapi.com.br/api/cnpj/v1/", mirror("https://brasilapi.com.br/api/cnpj/v1").publicUrl());
    }
}
