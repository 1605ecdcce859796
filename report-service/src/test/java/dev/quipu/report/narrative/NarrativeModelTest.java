package dev.quipu.report.narrative;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The optional model phrasing, against a local server standing in for an OpenAI-compatible endpoint (a language
 * model cannot run here): a faithful rewrite is served as {@code model}; one that invents a figure or a name, or
 * an endpoint that fails, gives the template's text.
 */
class NarrativeModelTest {

    private static final List<Sentence> SENTENCES = List.of(
            new Sentence("Sanctions match: \"Gilberto José Rodríguez Orejuela\" matches \"RODRIGUEZ OREJUELA, Gilberto Jose\" on OFAC_SDN "
                    + "(entity OFAC_SDN:4107, score 0.97). Lists checked: OFAC_SDN 2025-11-19.", "sanctions_name"),
            new Sentence("Verdict: BLOCKED (rules screening-1).", "verdict"));

    private HttpServer server;
    private final AtomicReference<String> reply = new AtomicReference<>();
    private final AtomicReference<String> asked = new AtomicReference<>();

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    private NarrativeModel model() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/v1/chat/completions", exchange -> {
            asked.set(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            String content = reply.get();
            if (content == null) {
                exchange.sendResponseHeaders(500, -1);
                exchange.close();
                return;
            }
            byte[] body = ("{\"id\":\"c1\",\"object\":\"chat.completion\",\"created\":1,\"model\":\"fake\",\"choices\":[{\"index\":0,"
                    + "\"message\":{\"role\":\"assistant\",\"content\":" + quote(content) + "},\"finish_reason\":\"stop\"}],"
                    + "\"usage\":{\"prompt_tokens\":1,\"completion_tokens\":1,\"total_tokens\":2}}").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        return new NarrativeModel("http://127.0.0.1:" + server.getAddress().getPort() + "/v1", "test-key", "fake", Duration.ofSeconds(5));
    }

    @Test
    void aFaithfulRewriteIsServedAsTheModels() throws IOException {
        reply.set("The name matches \"RODRIGUEZ OREJUELA, Gilberto Jose\" on OFAC_SDN (entity OFAC_SDN:4107, score 0.97), "
                + "checked against OFAC_SDN 2025-11-19, so the verdict is BLOCKED under rules screening-1.");
        NarrativeModel.Phrased p = model().phrase(SENTENCES, Language.EN);
        assertEquals("model", p.source());
        assertTrue(asked.get().contains("do not add any number"), asked.get());
    }

    @Test
    void aRewriteThatInventsAFigureGetsTheTemplate() throws IOException {
        reply.set("The name matches OFAC_SDN:4107 with 97% certainty and a fine of USD 2,500,000 is likely; verdict BLOCKED.");
        NarrativeModel.Phrased p = model().phrase(SENTENCES, Language.EN);
        assertEquals("template", p.source());
        assertEquals(ScreeningNarrative.text(SENTENCES), p.text());
    }

    @Test
    void aRewriteThatInventsANameGetsTheTemplate() throws IOException {
        reply.set("The name matches an entity linked to the Cali Cartel on OFAC_SDN; verdict BLOCKED.");
        assertEquals("template", model().phrase(SENTENCES, Language.EN).source());
    }

    @Test
    void aFailingEndpointGetsTheTemplate() throws IOException {
        reply.set(null);
        assertEquals("template", model().phrase(SENTENCES, Language.EN).source());
    }

    @Test
    void withoutAnEndpointTheTemplateIsServed() {
        NarrativeModel off = new NarrativeModel("", "", "fake", Duration.ofSeconds(1));
        assertEquals(new NarrativeModel.Phrased(ScreeningNarrative.text(SENTENCES), "template"), off.phrase(SENTENCES, Language.ES));
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
