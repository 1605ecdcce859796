package dev.quipu.registry.co;

import com.sun.net.httpserver.HttpServer;
import dev.quipu.registry.lookup.LiveSourceException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The live RUES client against a local server answering CONSTRUCTED Socrata responses
 * ({@code constructed-rues-live-*.json}, written from the dataset's documented field list; see the README
 * beside them): no real RUES answer is available.
 */
class RuesOpenDataTest {

    private static final String TOKEN = "test-app-token-not-a-secret";

    private HttpServer server;
    private volatile int status = 200;
    private volatile String body = "[]";
    private final AtomicReference<String> query = new AtomicReference<>();
    private final AtomicReference<String> tokenHeader = new AtomicReference<>();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/resource/c82u-588k.json", exchange -> {
            query.set(exchange.getRequestURI().getRawQuery());
            tokenHeader.set(exchange.getRequestHeaders().getFirst("X-App-Token"));
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json;charset=utf-8");
            exchange.sendResponseHeaders(status, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/resource/c82u-588k.json";
    }

    private static String constructed(String name) throws IOException {
        try (InputStream in = Samples.open("dev/quipu/registry/co/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private Map<String, String> sentParameters() {
        Map<String, String> params = new LinkedHashMap<>();
        for (String pair : query.get().split("&")) {
            int eq = pair.indexOf('=');
            params.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                    URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return params;
    }

    @Test
    void aNitRuesKnowsAnswersWithTheBodyAsSent() throws IOException {
        body = constructed("constructed-rues-live-ecopetrol.json");
        Optional<String> answer = new RuesOpenData(url(), "").fetch(Samples.nit("899.999.068-1"));
        assertEquals(Optional.of(body.strip()), answer);
    }

    @Test
    void asksWithTheNitBodyInWhereAndTheCompanyFieldsInSelect() throws IOException {
        body = constructed("constructed-rues-live-ecopetrol.json");
        new RuesOpenData(url(), "").fetch(Samples.nit("8999990681"));
        Map<String, String> sent = sentParameters();
        assertEquals("nit='899999068'", sent.get("$where"));
        assertEquals(RuesFields.COMPANY, List.of(sent.get("$select").split(",")));
    }

    @Test
    void selectAsksForNoNaturalPersonsIdentifierOrNameParts() {
        String select = URLDecoder.decode(RuesOpenData.query("899999068"), StandardCharsets.UTF_8);
        List<String> selected = Arrays.asList(select.substring("$select=".length(), select.indexOf("&")).split(","));
        for (String personal : RuesFields.PERSONAL) {
            assertFalse(selected.contains(personal), personal + " is selected");
        }
        assertFalse(selected.contains("num_identificacion_representante_legal"));
        assertFalse(selected.contains("numero_identificacion"));
        assertTrue(selected.contains("representante_legal"), "the representative's name is commercial registry information");
    }

    @Test
    void anEmptyArrayMeansRuesDoesNotKnowTheNit() {
        body = "[]\n";
        assertEquals(Optional.empty(), new RuesOpenData(url(), "").fetch(Samples.nit("900000001-2")));
    }

    @Test
    void sendsTheAppTokenInItsHeaderOnlyWhenConfigured() {
        new RuesOpenData(url(), TOKEN).fetch(Samples.nit("899999068-1"));
        assertEquals(TOKEN, tokenHeader.get());
        assertFalse(query.get().contains(TOKEN));
        new RuesOpenData(url(), "").fetch(Samples.nit("899999068-1"));
        assertEquals(null, tokenHeader.get());
    }

    @Test
    void aServerErrorIsAFailureNamingTheUrlAndStatusButNotTheToken() {
        status = 500;
        body = "{\"error\":true}";
        LiveSourceException e = assertThrows(LiveSourceException.class,
                () -> new RuesOpenData(url(), TOKEN).fetch(Samples.nit("899999068-1")));
        assertEquals(url() + " answered HTTP 500", e.getMessage());
        assertFalse(e.getMessage().contains(TOKEN));
    }

    @Test
    void aClientErrorIsAFailureToo() {
        status = 400;
        body = "{\"message\":\"query.soql.no-such-column\"}";
        LiveSourceException e = assertThrows(LiveSourceException.class,
                () -> new RuesOpenData(url(), "").fetch(Samples.nit("899999068-1")));
        assertTrue(e.getMessage().endsWith("answered HTTP 400"));
    }

    @Test
    void anUnreachableSourceIsAFailureNamingTheExceptionClass() throws IOException {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        String dead = "http://127.0.0.1:" + closed + "/resource/c82u-588k.json";
        LiveSourceException e = assertThrows(LiveSourceException.class,
                () -> new RuesOpenData(dead, TOKEN).fetch(Samples.nit("899999068-1")));
        assertEquals(dead + " could not be asked (ConnectException)", e.getMessage());
    }

    @Test
    void anEmptyUrlDisablesTheSourceAndTheOfficialOneIsTheDefault() {
        assertFalse(new RuesOpenData("", "").enabled());
        RuesOpenData official = new RuesOpenData(RuesOpenData.DEFAULT_URL, "");
        assertTrue(official.enabled());
        assertEquals("https://www.datos.gov.co/resource/c82u-588k.json", official.publicUrl());
        assertEquals("co.rues.live", official.id());
    }
}
