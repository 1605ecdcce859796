package dev.quipu.gateway.discovery;

import dev.quipu.contracts.pricebook.Operation;
import dev.quipu.contracts.pricebook.PriceBook;
import dev.quipu.gateway.GatewayHttp;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import javax.imageio.ImageIO;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.quipu.gateway.GatewayHttp.list;
import static dev.quipu.gateway.GatewayHttp.map;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

@MicronautTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DiscoveryDocumentsTest implements TestPropertyProvider {

    @Inject
    EmbeddedServer server;
    @Inject
    JsonMapper json;
    @Inject
    PriceBook priceBook;

    GatewayHttp http;

    @Override
    public Map<String, String> getProperties() {
        Map<String, String> properties = new HashMap<>();
        properties.put("kafka.enabled", "false");
        properties.put("quipu.gateway.public-url", "https://quipu.example");
        properties.put("quipu.gateway.discovery.directory-verification.x402scan", "x402scan-token-123");
        return properties;
    }

    @BeforeAll
    void client() {
        http = new GatewayHttp(server, json);
    }

    @Test
    void x402DiscoveryListsEveryPaidOperationWithItsPriceAndBazaarDescription() {
        HttpResponse<byte[]> response = http.get("/.well-known/x402");
        assertEquals(200, response.statusCode());
        Map<String, Object> doc = http.object(response);
        assertEquals(1, doc.get("version"));
        assertEquals(2, doc.get("x402Version"));
        List<Object> items = list(doc.get("items"));
        assertEquals(priceBook.operations().size(), items.size());
        for (int i = 0; i < items.size(); i++) {
            Operation op = priceBook.operations().get(i);
            Map<String, Object> item = map(items.get(i));
            assertEquals("https://quipu.example" + op.path(), item.get("resource"));
            assertEquals(op.method(), item.get("method"));
            assertEquals(op.priceUsdc().toPlainString(), item.get("price_usdc"));
            assertEquals(Long.toString(op.priceAtomic()), item.get("amount"));
            Map<String, Object> bazaar = map(map(item.get("extensions")).get("bazaar"));
            Map<String, Object> input = map(map(bazaar.get("info")).get("input"));
            assertEquals(op.method(), input.get("method"));
            assertNotNull(map(bazaar.get("schema")).get("properties"));
        }
        assertTrue(list(doc.get("resources")).contains("https://quipu.example/sanctions/quick"));
    }

    @Test
    void x402DiscoveryAdvertisesWhatAnUnpaidCallIsAskedFor() {
        HttpResponse<byte[]> unpaid = http.send("POST", "/sanctions/quick",
                "{\"name\":\"Ecopetrol S.A.\",\"country\":\"CO\",\"type\":\"company\"}");
        Map<String, Object> item = map(list(http.object(http.get("/.well-known/x402")).get("items")).stream()
                .filter(i -> "sanctions_quick".equals(map(i).get("operation"))).findFirst().orElseThrow());
        if (unpaid.statusCode() == 402) {
            String header = unpaid.headers().firstValue("PAYMENT-REQUIRED").orElseThrow();
            Map<String, Object> required = map(http.parse(java.util.Base64.getDecoder().decode(header)));
            assertEquals(required.get("accepts"), item.get("accepts"));
        } else {
            // No paywall is active: calls are not metered and nothing is advertised as payable.
            assertEquals(List.of(), item.get("accepts"));
        }
    }

    @Test
    void x402JsonAliasAndHeadAnswerTheSameDocument() {
        HttpResponse<byte[]> plain = http.get("/.well-known/x402");
        HttpResponse<byte[]> alias = http.get("/.well-known/x402.json");
        assertEquals(200, alias.statusCode());
        assertEquals(http.object(plain), http.object(alias));
        for (String path : List.of("/.well-known/x402", "/.well-known/x402.json")) {
            HttpResponse<byte[]> head = http.send("HEAD", path, null);
            assertEquals(200, head.statusCode(), http.text(head) + head.headers());
            assertEquals(0, head.body().length);
            assertTrue(head.headers().firstValue("Content-Type").orElseThrow().startsWith("application/json"));
        }
    }

    @Test
    void agentManifestStatesProtocolVersionsSkillsAndLinks() {
        Map<String, Object> manifest = http.object(http.get("/.well-known/a2a-agent.json"));
        assertEquals("2.2.0", manifest.get("version"));
        assertEquals("a2a-v1", manifest.get("schema_version"));
        assertEquals("x402-v2", manifest.get("protocol"));
        List<Object> skills = list(manifest.get("skills"));
        assertEquals(priceBook.operations().size(), skills.size());
        Map<String, Object> rates = map(skills.get(0));
        assertEquals("rates", rates.get("id"));
        assertEquals("https://quipu.example/rates", rates.get("endpoint"));
        assertEquals("POST", rates.get("method"));
        assertEquals("0.02", rates.get("price"));
        assertEquals(List.of("country", "signals", "agent_id"), rates.get("input"));
        assertTrue(list(rates.get("output")).contains("usd_cop"));
        Map<String, Object> links = map(manifest.get("links"));
        assertEquals("https://quipu.example/mcp", links.get("mcp"));
        assertEquals("https://quipu.example/llms.txt", links.get("llms_txt"));
        assertEquals("https://quipu.example/health", links.get("health"));
        assertEquals("https://quipu.example/docs", links.get("docs"));
        assertNotNull(manifest.get("networks"));
    }

    @Test
    void agentJsonIsAnAliasOfTheManifest() {
        assertEquals(http.object(http.get("/.well-known/a2a-agent.json")), http.object(http.get("/.well-known/agent.json")));
    }

    @Test
    void agentCardHasEveryFieldA2aRequires() {
        Map<String, Object> card = http.object(http.get("/.well-known/agent-card.json"));
        for (String field : List.of("name", "description", "supportedInterfaces", "version", "capabilities",
                "defaultInputModes", "defaultOutputModes", "skills")) {
            assertTrue(card.containsKey(field), field);
        }
        for (Object skill : list(card.get("skills"))) {
            for (String field : List.of("id", "name", "description", "tags")) {
                assertTrue(map(skill).containsKey(field), field);
            }
        }
        assertEquals("https://quipu.example/mcp", map(list(card.get("supportedInterfaces")).get(0)).get("url"));
    }

    @Test
    void directoryVerificationFilesComeFromConfiguration() {
        HttpResponse<byte[]> known = http.get("/.well-known/x402scan-verify.txt");
        assertEquals(200, known.statusCode(), http.text(known));
        assertEquals("x402scan-token-123", http.text(known));
        assertEquals(404, http.get("/.well-known/unknown-verify.txt").statusCode());
        assertEquals(404, http.get("/.well-known/x402scan-verify.json").statusCode());
    }

    @Test
    void llmsTxtFollowsTheLlmstxtFormatAndListsEveryOperationWithItsPrice() {
        HttpResponse<byte[]> response = http.get("/llms.txt");
        assertEquals(200, response.statusCode());
        String text = http.text(response);
        assertTrue(text.startsWith("# Quipu\n\n> "));
        for (Operation op : priceBook.operations()) {
            assertTrue(text.contains("- [" + op.method() + " " + op.path() + "](https://quipu.example" + op.path() + "): "
                    + op.priceUsdc().toPlainString() + " USDC"), op.id());
        }
        assertTrue(text.contains("PAYMENT-SIGNATURE"));
        assertTrue(text.contains("\n## Optional\n"));
        // llms.txt allows no headings other than the H1 and the ## file-list sections
        assertTrue(text.lines().filter(l -> l.startsWith("#")).allMatch(l -> l.startsWith("# ") || l.startsWith("## ")));
    }

    @Test
    void rootAnswersJsonToAgentsAndHtmlToBrowsers() {
        Map<String, Object> root = http.object(http.get("/", "Accept", "application/json"));
        assertEquals("Quipu", root.get("name"));
        assertEquals("https://quipu.example/llms.txt", map(root.get("links")).get("llms_txt"));
        HttpResponse<byte[]> page = http.get("/", "Accept", "text/html,application/xhtml+xml,*/*;q=0.8");
        assertTrue(page.headers().firstValue("Content-Type").orElseThrow().startsWith("text/html"));
        assertTrue(http.text(page).contains("href=\"/demo\""));
    }

    @Test
    void aBrowserThatAcceptsOnlyHtmlGetsTheLandingPage() {
        HttpResponse<byte[]> page = http.get("/", "Accept", "text/html");
        assertEquals(200, page.statusCode());
        assertTrue(page.headers().firstValue("Content-Type").orElseThrow().startsWith("text/html"));
        assertTrue(http.text(page).contains("href=\"/demo\""));
    }

    @Test
    void logoIsARealPng() throws IOException {
        HttpResponse<byte[]> response = http.get("/static/logo.png");
        assertEquals(200, response.statusCode());
        assertEquals("image/png", response.headers().firstValue("Content-Type").orElseThrow());
        assertArrayEquals(new byte[]{(byte) 0x89, 'P', 'N', 'G'}, java.util.Arrays.copyOf(response.body(), 4));
        var image = ImageIO.read(new ByteArrayInputStream(response.body()));
        assertEquals(256, image.getWidth());
        assertFalse(http.get("/static/..%2Fapplication.yml").statusCode() == 200);
    }
}
