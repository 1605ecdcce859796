package dev.quipu.gateway.docs;

import dev.quipu.contracts.pricebook.FreeRoute;
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

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static dev.quipu.gateway.GatewayHttp.list;
import static dev.quipu.gateway.GatewayHttp.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

@MicronautTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OpenApiDocumentTest implements TestPropertyProvider {

    @Inject
    EmbeddedServer server;
    @Inject
    JsonMapper json;
    @Inject
    PriceBook priceBook;

    GatewayHttp http;
    Map<String, Object> doc;

    @Override
    public Map<String, String> getProperties() {
        return Map.of("kafka.enabled", "false", "quipu.gateway.public-url", "https://quipu.example");
    }

    @BeforeAll
    void fetch() {
        http = new GatewayHttp(server, json);
        HttpResponse<byte[]> response = http.get("/openapi.json");
        assertEquals(200, response.statusCode());
        doc = http.object(response);
        try {
            // kept as a build artifact for people and linters
            java.nio.file.Files.write(java.nio.file.Path.of("target", "openapi.json"), response.body());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void isOpenApi310WithVersion210() {
        assertEquals("3.1.0", doc.get("openapi"));
        assertEquals("2.1.0", map(doc.get("info")).get("version"));
        assertEquals("https://quipu.example", map(list(doc.get("servers")).get(0)).get("url"));
    }

    @Test
    void everyPaidOperationHasItsBodyResultAndEveryError() {
        Map<String, Object> paths = map(doc.get("paths"));
        Map<String, Object> schemas = map(map(doc.get("components")).get("schemas"));
        for (Operation op : priceBook.operations()) {
            Map<String, Object> operation = map(map(paths.get(op.path())).get(op.method().toLowerCase(Locale.ROOT)));
            assertNotNull(operation, op.id());
            assertEquals(op.id(), operation.get("operationId"));
            Map<String, Object> responses = map(operation.get("responses"));
            for (String status : List.of("200", "402", "422", "429")) {
                assertTrue(responses.containsKey(status), op.id() + " " + status);
            }
            Map<String, Object> paymentInfo = map(operation.get("x-payment-info"));
            assertEquals(List.of("x402"), paymentInfo.get("protocols"));
            assertEquals(op.priceUsdc().toPlainString(), paymentInfo.get("price"));
            assertEquals(Long.toString(op.priceAtomic()), paymentInfo.get("amount"));
            if (op.takesBody()) {
                assertNotNull(operation.get("requestBody"), op.id());
                Map<String, Object> input = map(schemas.get(pascal(op.id()) + "Input"));
                assertEquals(op.input().size(), map(input.get("properties")).size(), op.id());
            } else {
                assertEquals(op.input().size(), list(operation.get("parameters")).stream()
                        .filter(p -> "query".equals(map(p).get("in"))).count(), op.id());
            }
            boolean trialHeader = list(operation.get("parameters")).stream()
                    .anyMatch(p -> "#/components/parameters/XTrial".equals(map(p).get("$ref")));
            assertEquals(op.trial(), trialHeader, op.id());
        }
    }

    @Test
    void the402DeclaresThePaymentRequiredHeaderAndThe422TheSpecBody() {
        Map<String, Object> responses = map(map(doc.get("components")).get("responses"));
        assertNotNull(map(map(responses.get("PaymentRequired")).get("headers")).get("PAYMENT-REQUIRED"));
        Map<String, Object> validation = map(map(map(doc.get("components")).get("schemas")).get("ValidationErrorBody"));
        Map<String, Object> item = map(map(map(validation.get("properties")).get("detail")).get("items"));
        assertEquals(List.of("loc", "msg", "type"), item.get("required"));
        assertNotNull(map(map(responses.get("TooManyRequests")).get("headers")).get("Retry-After"));
    }

    @Test
    void everyFreeRouteIsDescribed() {
        Map<String, Object> paths = map(doc.get("paths"));
        for (FreeRoute route : priceBook.freeRoutes()) {
            assertNotNull(map(paths.get(route.path())).get(route.method().toLowerCase(Locale.ROOT)), route.path());
        }
    }

    @Test
    void docsPageRendersTheDocumentWithBundledSwaggerUi() {
        HttpResponse<byte[]> page = http.get("/docs");
        assertEquals(200, page.statusCode());
        String html = http.text(page);
        assertTrue(html.contains("/openapi.json"));
        assertTrue(html.contains("/docs/assets/swagger-ui-bundle.js"));
        HttpResponse<byte[]> bundle = http.get("/docs/assets/swagger-ui-bundle.js");
        assertEquals(200, bundle.statusCode());
        assertTrue(bundle.body().length > 100_000);
        assertEquals(200, http.get("/docs/assets/swagger-ui.css").statusCode());
        assertEquals(404, http.get("/docs/assets/index.html").statusCode());
    }

    private static String pascal(String id) {
        StringBuilder out = new StringBuilder();
        for (String part : id.split("_")) {
            out.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
        }
        return out.toString();
    }
}
