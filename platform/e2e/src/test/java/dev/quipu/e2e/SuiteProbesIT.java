package dev.quipu.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import dev.quipu.contracts.pricebook.InputField;
import dev.quipu.contracts.pricebook.Operation;
import dev.quipu.contracts.pricebook.PriceBook;
import dev.quipu.contracts.pricebook.Service;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every path of the spec answers its probe on the running suite, through the gateway, as a client
 * would call it: the paid paths describe themselves on GET, the free routes exist, and an empty
 * body gets the spec's 422.
 */
@ExtendWith(SuiteExtension.class)
class SuiteProbesIT {

    private static final PriceBook PRICE_BOOK = new PriceBook();
    private static final String AGENT = "e2e-agent-1";
    /** A well-formed event id (UUIDv7) that no call produced. */
    private static final String EVENT = "01900000-0000-7000-8000-000000000000";

    @TestFactory
    Stream<DynamicTest> everyServiceAnswersItsHealthWith200(RunningSuite suite) {
        return Stream.of(Service.values()).map(s -> DynamicTest.dynamicTest(s.moduleName(), () -> {
            RunningSuite.Reply reply = suite.get(suite.url(s), "/health");
            assertEquals(200, reply.status(), s.moduleName() + " /health: " + reply.body());
            assertEquals("UP", reply.json().path("status").asText(), reply.body());
        }));
    }

    @TestFactory
    Stream<DynamicTest> everyPaidPathDescribesItsOperationOnGet(RunningSuite suite) {
        // GET /rates/stream/token is itself a paid operation (the spec's table): it is probed below
        return PRICE_BOOK.paidPaths().stream().filter(path -> PRICE_BOOK.find("GET", path).isEmpty())
                .map(path -> DynamicTest.dynamicTest("GET " + path, () -> {
            RunningSuite.Reply reply = suite.get(path);
            assertEquals(200, reply.status(), "GET " + path + ": " + reply.body());
            assertTrue(reply.contentType().startsWith("application/json"), reply.contentType());
            assertFalse(reply.json().isEmpty(), "GET " + path + " describes nothing: " + reply.body());
        }));
    }

    @TestFactory
    Stream<DynamicTest> aPaidGetOperationAsksForPaymentWith402(RunningSuite suite) {
        return PRICE_BOOK.operations().stream().filter(op -> op.method().equals("GET"))
                .map(op -> DynamicTest.dynamicTest("GET " + op.path(), () -> {
                    RunningSuite.Reply reply = suite.get(op.path());
                    assertEquals(402, reply.status(), "GET " + op.path() + ": " + reply.body());
                }));
    }

    @TestFactory
    Stream<DynamicTest> everyFreeRouteIsServed(RunningSuite suite) {
        return PRICE_BOOK.freeRoutes().stream().map(route -> DynamicTest.dynamicTest(
                route.method() + " " + route.path(), () -> {
                    String path = concrete(route.path());
                    // the stream is probed with a token nobody issued (a 402): a bare probe would open a
                    // trial stream and spend this address's free stream events, which RatesStreamIT counts
                    String target = path.equals("/rates/stream") ? path + "?stream_token=e2e-probe-token-never-issued" : path;
                    RunningSuite.Reply reply = route.method().equals("POST") ? suite.postJson(target, "{}") : suite.get(target);
                    // a route with variables may rightly answer 404 for an unknown agent or event; a
                    // route nobody serves answers 404 naming the request path itself
                    boolean variables = !path.equals(route.path());
                    boolean unserved = reply.status() == 404 && (!variables || reply.body().contains(path));
                    assertFalse(unserved, route.method() + " " + route.path() + " is not served: " + reply.body());
                    assertTrue(reply.status() < 500, route.method() + " " + route.path() + " answered "
                            + reply.status() + ": " + reply.body());
                }));
    }

    @TestFactory
    Stream<DynamicTest> everyPostOperationRejectsAnEmptyBodyWithTheSpecs422(RunningSuite suite) {
        return PRICE_BOOK.operations().stream()
                .filter(op -> op.method().equals("POST") && !requiredBodyFields(op).isEmpty())
                .map(op -> DynamicTest.dynamicTest("POST " + op.path() + " {}", () -> {
                    RunningSuite.Reply reply = suite.postJson(op.path(), "{}");
                    assertEquals(422, reply.status(), "POST " + op.path() + " {}: " + reply.body());
                    JsonNode detail = reply.json().path("detail");
                    assertTrue(detail.isArray() && !detail.isEmpty(), "no detail[] in " + reply.body());
                    List<String> named = new ArrayList<>();
                    for (JsonNode error : detail) {
                        JsonNode loc = error.path("loc");
                        assertTrue(loc.isArray() && loc.size() >= 2 && loc.get(0).asText().equals("body"),
                                "loc must be [\"body\", field]: " + error);
                        assertTrue(error.path("msg").isTextual() && !error.path("msg").asText().isBlank(), "msg: " + error);
                        assertTrue(error.path("type").isTextual() && !error.path("type").asText().isBlank(), "type: " + error);
                        named.add(loc.get(1).asText());
                    }
                    for (String field : requiredBodyFields(op)) {
                        assertTrue(named.contains(field), "required field " + field + " not reported in " + reply.body());
                    }
                }));
    }

    /** The route's path with its variables filled in. */
    private static String concrete(String template) {
        return template
                .replace("{agent_id}", AGENT)
                .replace("{event_id}", EVENT)
                .replaceAll("\\{[^}]+}", "e2e"); // any other path variable: a plain value
    }

    private static List<String> requiredBodyFields(Operation op) {
        return op.input().stream()
                .filter(f -> f.in() == InputField.Location.BODY && f.required())
                .map(InputField::name)
                .toList();
    }
}
