package dev.quipu.gateway.routing;

import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.contracts.pricebook.Operation;
import dev.quipu.contracts.pricebook.PriceBook;
import dev.quipu.gateway.admission.Admission;
import dev.quipu.gateway.admission.CallAdmission;
import dev.quipu.gateway.admission.PaidCall;
import dev.quipu.gateway.admission.UnmeteredAdmission;
import io.micronaut.context.annotation.Primary;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import io.micronaut.json.JsonMapper;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Routing of every price-book route: probes, validation, 1:1 forwarding, the call event hand-off
 * and error bodies. Payment is out of scope here (its own tests), so admission is left open.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RouteControllerTest implements TestPropertyProvider {

    private static final PriceBook BOOK = new PriceBook();
    private FakeBackend backend;

    @Inject
    @Client("/")
    HttpClient http;

    @Inject
    JsonMapper json;

    @Override
    public Map<String, String> getProperties() {
        try {
            backend = new FakeBackend();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, String> props = new HashMap<>();
        props.putAll(dev.quipu.gateway.BackendUrls.allAt(backend.url()));
        props.put("kafka.enabled", "false");
        props.put("spec.name", "RouteControllerTest");
        return props;
    }

    @AfterAll
    void stopBackend() {
        backend.close();
    }

    @BeforeEach
    void resetBackend() {
        backend.reset();
    }

    /** POST operations whose path answers GET with a probe (GET /rates/stream/token is itself paid). */
    static Stream<Operation> probedOperations() {
        return BOOK.operations().stream().filter(op -> op.method().equals("POST"))
                .filter(op -> BOOK.find("GET", op.path()).isEmpty());
    }

    static Stream<Operation> operationsWithABody() {
        return BOOK.operations().stream().filter(Operation::takesBody);
    }

    @ParameterizedTest(name = "GET {0} describes the operation")
    @MethodSource("probedOperations")
    void everyPaidPathAnswersAGetProbeWithItsPriceAndFields(Operation op) {
        HttpResponse<Map> response = http.toBlocking().exchange(HttpRequest.GET(op.path()), Map.class);
        assertEquals(200, response.getStatus().getCode());
        Map<?, ?> body = response.body();
        assertEquals(op.priceUsdc().toPlainString(), body.get("price_usdc"));
        assertEquals(Long.toString(op.priceAtomic()), body.get("price_atomic"));
        assertEquals(op.trial(), body.get("trial"));
        assertEquals(op.output(), body.get("output"));
        assertEquals(op.input().size(), ((List<?>) body.get("input")).size());
        assertTrue(backend.received().isEmpty(), "a probe never reaches a backend");
    }

    @ParameterizedTest(name = "POST {0} with an empty object is a 422")
    @MethodSource("operationsWithABody")
    void everyOperationRejectsAnEmptyBodyWithTheSpecsValidationBody(Operation op) throws IOException {
        HttpClientResponseException e = post(op.path(), "{}");
        assertEquals(422, e.getStatus().getCode());
        Map<?, ?> body = json.readValue(e.getResponse().getBody(byte[].class).orElseThrow(), Map.class);
        List<?> detail = (List<?>) body.get("detail");
        long required = op.input().stream().filter(f -> f.required()).count();
        assertEquals(required, detail.size());
        Map<?, ?> first = (Map<?, ?>) detail.get(0);
        assertEquals("body", ((List<?>) first.get("loc")).get(0));
        assertEquals("missing", first.get("type"));
        assertNotNull(first.get("msg"));
        assertTrue(backend.received().isEmpty(), "invalid input never reaches a backend");
    }

    @Test
    void aCountryOutsideTheEnumIsA422AtBodyCountry() throws IOException {
        HttpClientResponseException e = post("/registry", "{\"identifier\":\"900123456\",\"country\":\"AR\",\"id_type\":\"nit\"}");
        Map<?, ?> detail = (Map<?, ?>) ((List<?>) json.readValue(e.getResponse().getBody(byte[].class).orElseThrow(), Map.class)
                .get("detail")).get(0);
        assertEquals(List.of("body", "country"), detail.get("loc"));
        assertEquals("literal_error", detail.get("type"));
    }

    @Test
    void malformedJsonIsA422WithTheSameBodyShape() throws IOException {
        HttpClientResponseException e = post("/sanctions", "{\"name\": ");
        assertEquals(422, e.getStatus().getCode());
        Map<?, ?> detail = (Map<?, ?>) ((List<?>) json.readValue(e.getResponse().getBody(byte[].class).orElseThrow(), Map.class)
                .get("detail")).get(0);
        assertEquals(List.of("body"), detail.get("loc"));
        assertEquals("json_invalid", detail.get("type"));
    }

    @Test
    void aBodyOver64KiBIsA413WithAJsonBody() throws IOException {
        String big = "{\"name\":\"" + "x".repeat(70_000) + "\",\"country\":\"CO\",\"type\":\"person\"}";
        HttpClientResponseException e = post("/sanctions", big);
        assertEquals(413, e.getStatus().getCode());
        Map<?, ?> body = json.readValue(e.getResponse().getBody(byte[].class).orElseThrow(), Map.class);
        assertEquals("payload_too_large", body.get("error"));
    }

    @Test
    void aValidCallIsForwardedOneToOneAndTheAnswerRelayed() {
        backend.answerWith(200, "{\"usd_cop\":\"4000.5\"}");
        String body = "{\"country\":\"CO\",\"signals\":[\"fx\"]}";
        HttpResponse<String> response = http.toBlocking().exchange(
                HttpRequest.POST("/rates?lang=es", body).contentType(MediaType.APPLICATION_JSON), String.class);
        assertEquals(200, response.getStatus().getCode());
        assertEquals("{\"usd_cop\":\"4000.5\"}", response.body());
        FakeBackend.Received forwarded = backend.received().get(0);
        assertEquals("POST", forwarded.method());
        assertEquals("/rates?lang=es", forwarded.pathAndQuery());
        assertEquals(body, forwarded.body());
    }

    @Test
    void aCompletedCallIsHandedToPaymentServiceAsACallEvent() throws IOException {
        http.toBlocking().exchange(HttpRequest.POST("/market/signal", "{\"country\":\"BR\",\"agent_id\":\"agent-7\"}")
                .contentType(MediaType.APPLICATION_JSON), String.class);
        FakeBackend.Received handOff = backend.received().stream()
                .filter(r -> r.pathAndQuery().equals("/internal/calls")).findFirst().orElseThrow();
        CallCompleted event = json.readValue(handOff.body(), CallCompleted.class);
        assertEquals("agent-7", event.agentId());
        assertEquals("market_signal", event.operationId());
        assertEquals("POST /market/signal", event.route());
        assertEquals(200, event.status());
        assertEquals("{\"country\":\"BR\",\"agent_id\":\"agent-7\"}", event.requestJson());
        assertEquals(Map.of("OFAC_SDN", "2024-05-03", "usd_cop", "2014-02-03"), event.dataVersions(),
                "the data versions the backend reported are bound into the event");
        assertTrue(event.occurredAt().matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{6}Z"),
                "stamped by the real clock in the canonical form (microseconds, six digits): " + event.occurredAt());
        assertTrue(CallCompleted.isCanonicalInstant(event.occurredAt()), event.occurredAt());
    }

    @Test
    void anAnonymousCallerGetsAnAgentIdDerivedFromAHashOfItsAddress() throws IOException {
        http.toBlocking().exchange(HttpRequest.POST("/market/signal", "{\"country\":\"BR\"}")
                .contentType(MediaType.APPLICATION_JSON), String.class);
        String handOff = backend.received().stream().filter(r -> r.pathAndQuery().equals("/internal/calls"))
                .findFirst().orElseThrow().body();
        String agentId = json.readValue(handOff, CallCompleted.class).agentId();
        assertTrue(agentId.matches("ip:[0-9a-f]{24}"), agentId);
    }

    @Test
    void aMalformedAgentIdHeaderIsA422() {
        HttpClientResponseException e = org.junit.jupiter.api.Assertions.assertThrows(HttpClientResponseException.class,
                () -> http.toBlocking().exchange(HttpRequest.POST("/rates", "{\"country\":\"CO\"}")
                        .contentType(MediaType.APPLICATION_JSON).header("X-Agent-Id", "not valid!"), String.class));
        assertEquals(422, e.getStatus().getCode());
    }

    @Test
    void freeRoutesOwnedByABackendAreForwarded() {
        backend.answerWith(200, "{\"tier\":\"NEW\"}");
        HttpResponse<String> response = http.toBlocking().exchange(HttpRequest.GET("/reputation/agent-1"), String.class);
        assertEquals("{\"tier\":\"NEW\"}", response.body());
        assertEquals("/reputation/agent-1", backend.received().get(0).pathAndQuery());
    }

    @Test
    void anInvalidAgentIdInAPathIsA422AtPathAgentId() throws IOException {
        HttpClientResponseException e = org.junit.jupiter.api.Assertions.assertThrows(HttpClientResponseException.class,
                () -> http.toBlocking().exchange(HttpRequest.GET("/budget/" + "a".repeat(129)), String.class));
        assertEquals(422, e.getStatus().getCode());
        Map<?, ?> detail = (Map<?, ?>) ((List<?>) json.readValue(e.getResponse().getBody(byte[].class).orElseThrow(), Map.class)
                .get("detail")).get(0);
        assertEquals(List.of("path", "agent_id"), detail.get("loc"));
    }

    @Test
    void anUnknownPathIsA404WithAJsonBody() {
        HttpClientResponseException e = org.junit.jupiter.api.Assertions.assertThrows(HttpClientResponseException.class,
                () -> http.toBlocking().exchange(HttpRequest.GET("/no/such/thing"), String.class));
        assertEquals(404, e.getStatus().getCode());
        assertTrue(e.getResponse().getBody(String.class).orElseThrow().contains("not_found"));
    }

    @Test
    void aBackendErrorIsRelayedAsIs() {
        backend.answerWith(501, "{\"error\":\"not_implemented\"}");
        HttpClientResponseException e = post("/entity", "{\"identifier\":\"900123456\",\"country\":\"CO\"}");
        assertEquals(501, e.getStatus().getCode());
        assertEquals("{\"error\":\"not_implemented\"}", e.getResponse().getBody(String.class).orElseThrow());
    }

    private HttpClientResponseException post(String path, String body) {
        return org.junit.jupiter.api.Assertions.assertThrows(HttpClientResponseException.class,
                () -> http.toBlocking().exchange(HttpRequest.POST(path, body).contentType(MediaType.APPLICATION_JSON), String.class));
    }

    /** Routing tests run without the paywall: every call is admitted, unmetered. */
    @Singleton
    @Primary
    @Requires(property = "spec.name", value = "RouteControllerTest")
    static class OpenAdmission implements CallAdmission {
        private final UnmeteredAdmission unmetered;

        OpenAdmission(UnmeteredAdmission unmetered) {
            this.unmetered = unmetered;
        }

        @Override
        public Admission admit(PaidCall call) {
            return unmetered.admit(call);
        }

        @Override
        public Completion complete(PaidCall call, Admission.Admitted admitted, Backends.BackendAnswer answer, CallCompleted event) {
            return unmetered.complete(call, admitted, answer, event);
        }
    }
}
