package dev.quipu.registry.api;

import com.sun.net.httpserver.HttpServer;
import dev.quipu.registry.lookup.BundledLoadState;
import dev.quipu.testkit.SuiteResources;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code /entity} and {@code /registry} on the real bundled samples loaded into the real database at
 * start, with the Brazilian mirror played by a local server serving minha-receita's recorded real
 * response and RUES unreachable: one shape for five countries, sources named, 404 and 503 as documented,
 * and a live answer kept as the floor.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RegistryLookupTest implements TestPropertyProvider {

    private static final String RECORDED_CNPJ = "19131243000197";

    @Inject
    @Client("/")
    HttpClient http;
    @Inject
    BundledLoadState bundled;

    private HttpServer mirror;
    private final AtomicBoolean mirrorUp = new AtomicBoolean(true);

    @Override
    public Map<String, String> getProperties() {
        mirror = startMirror();
        Map<String, String> p = new HashMap<>(SuiteResources.forService("quipu_registry"));
        p.put("quipu.registry.br.mirror-url", "http://127.0.0.1:" + mirror.getAddress().getPort() + "/");
        p.put("quipu.registry.co.rues-url", "http://127.0.0.1:1/resource/c82u-588k.json");
        return p;
    }

    @BeforeAll
    void awaitBundledSamples() throws InterruptedException {
        long end = System.nanoTime() + 120_000_000_000L;
        while (!bundled.done() && System.nanoTime() < end) {
            Thread.sleep(100);
        }
        assertTrue(bundled.done(), "bundled samples loaded");
    }

    @AfterAll
    void stopMirror() {
        mirror.stop(0);
    }

    @Test
    void everyCountryAnswersWithTheSameCompanyKeys() {
        Map<String, String> companies = Map.of("CO", "899999068-1", "BR", "00.000.000/0001-91", "MX", "GAS1510292Z1",
                "CL", "76.286.049-K", "PE", "20131312955");
        Set<String> keys = null;
        for (Map.Entry<String, String> c : companies.entrySet()) {
            Map<String, Object> answer = entity(c.getValue(), c.getKey()).body();
            @SuppressWarnings("unchecked")
            Map<String, Object> company = (Map<String, Object>) answer.get("company");
            assertNotNull(company, c + ": " + answer);
            assertNotNull(answer.get("razon_social"), c + " has a name: " + answer);
            if (keys == null) {
                keys = company.keySet();
            }
            assertEquals(keys, company.keySet(), c.getKey());
        }
    }

    @Test
    void aFactTheRegistryDoesNotPublishIsWrittenAsNull() {
        Map<String, Object> answer = entity("76.286.049-K", "CL").body();

        assertTrue(answer.containsKey("representante_legal"), answer.toString());
        assertEquals(null, answer.get("representante_legal"));
    }

    @Test
    void theAnswerNamesItsDataInXDataVersions() {
        HttpResponse<Map<String, Object>> r = entity("20131312955", "PE");

        String versions = r.getHeaders().get("X-Data-Versions");
        assertNotNull(versions);
        assertTrue(versions.contains("pe.sunat.agentes-retencion="), versions);
        assertTrue(versions.contains("sha256%3A") || versions.contains("sha256:"), versions);
    }

    @Test
    void everySourceSaysItsModeAndCutOff() {
        Map<String, Object> answer = entity("899999068-1", "CO").body();

        @SuppressWarnings("unchecked")
        List<Map<String, Object>> sources = (List<Map<String, Object>>) answer.get("sources");
        assertFalse(sources.isEmpty());
        for (Map<String, Object> s : sources) {
            assertEquals("snapshot", s.get("source_mode"), s.toString());
            assertNotNull(s.get("cut_off"), s.toString());
        }
    }

    @Test
    void aValidIdentifierNoSourceKnowsIsA404ListingTheSourcesAsked() {
        HttpClientResponseException e = assertThrows(HttpClientResponseException.class, () -> entity("20999999990", "PE"));

        assertEquals(404, e.getStatus().getCode());
        String body = e.getResponse().getBody(String.class).orElseThrow();
        assertTrue(body.contains("pe.sunat.agentes-retencion"), body);
        assertTrue(body.contains("sources_asked"), body);
    }

    @Test
    void aMirrorAnswerIsServedLiveAndKeptAsTheFloorWhenTheMirrorGoesDown() {
        Map<String, Object> live = registry(RECORDED_CNPJ, "BR", "cnpj").body();
        assertEquals("OPEN KNOWLEDGE BRASIL", live.get("razon_social"), live.toString());
        assertEquals("live", firstSource(live).get("source_mode"));

        mirrorUp.set(false);
        try {
            Map<String, Object> kept = registry(RECORDED_CNPJ, "BR", "cnpj").body();
            assertEquals("OPEN KNOWLEDGE BRASIL", kept.get("razon_social"));
            assertEquals("store", firstSource(kept).get("source_mode"), kept.toString());
        } finally {
            mirrorUp.set(true);
        }
    }

    @Test
    void aSourceDownWithNothingKeptIsA503WithRetryAfter() {
        mirrorUp.set(false);
        try {
            // a valid CNPJ that neither the mirror's recording nor any bundled file holds
            HttpClientResponseException e = assertThrows(HttpClientResponseException.class,
                    () -> entity("11.222.333/0001-81", "BR"));
            assertEquals(503, e.getStatus().getCode());
            assertNotNull(e.getResponse().getHeaders().get("Retry-After"));
        } finally {
            mirrorUp.set(true);
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> firstSource(Map<String, Object> answer) {
        return ((List<Map<String, Object>>) answer.get("sources")).get(0);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private HttpResponse<Map<String, Object>> entity(String identifier, String country) {
        return (HttpResponse) http.toBlocking().exchange(HttpRequest.POST("/entity", Map.of("identifier", identifier,
                "country", country)), Map.class);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private HttpResponse<Map<String, Object>> registry(String identifier, String country, String idType) {
        return (HttpResponse) http.toBlocking().exchange(HttpRequest.POST("/registry", Map.of("identifier", identifier,
                "country", country, "id_type", idType)), Map.class);
    }

    /** minha-receita's recorded answer for its one CNPJ, 404 for any other; 503 while "down". */
    private HttpServer startMirror() {
        byte[] recorded;
        try (InputStream in = getClass().getClassLoader().getResourceAsStream("recorded/minha-receita-" + RECORDED_CNPJ + ".json")) {
            recorded = in.readAllBytes();
            HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            server.createContext("/", exchange -> {
                if (!mirrorUp.get()) {
                    exchange.sendResponseHeaders(503, -1);
                } else if (exchange.getRequestURI().getPath().equals("/" + RECORDED_CNPJ)) {
                    exchange.getResponseHeaders().add("Content-Type", "application/json");
                    exchange.sendResponseHeaders(200, recorded.length);
                    exchange.getResponseBody().write(recorded);
                } else {
                    byte[] nf = "{\"message\":\"CNPJ não encontrado\"}".getBytes(java.nio.charset.StandardCharsets.UTF_8);
                    exchange.sendResponseHeaders(404, nf.length);
                    exchange.getResponseBody().write(nf);
                }
                exchange.close();
            });
            server.start();
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
