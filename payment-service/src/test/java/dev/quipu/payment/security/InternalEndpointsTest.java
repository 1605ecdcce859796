package dev.quipu.payment.security;

import dev.quipu.testkit.OperatorCredentials;
import dev.quipu.testkit.PlainHttp;
import dev.quipu.testkit.SuiteResources;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import javax.sql.DataSource;
import java.net.URI;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * payment-service's internal routes answer only the gateway (and the operator): a stranger, or another
 * service of the suite, is refused before anything is written. Calls go over a plain JDK client.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class InternalEndpointsTest implements TestPropertyProvider {

    private static final String GATEWAY = OperatorCredentials.signer("gateway").authorizationFor("payment-service");
    private static final String REPORT = OperatorCredentials.signer("report-service").authorizationFor("payment-service");
    private static final String GATEWAY_FOR_SANCTIONS = OperatorCredentials.signer("gateway").authorizationFor("sanctions-service");

    @Inject
    EmbeddedServer server;
    @Inject
    DataSource managed;
    @Inject
    io.micronaut.jdbc.DataSourceResolver resolver;

    @Override
    public Map<String, String> getProperties() {
        Map<String, String> p = new HashMap<>(SuiteResources.forService("quipu_payment_internal_auth_test"));
        p.put("quipu.outbox.poll-interval", "1h");
        return p;
    }

    @ParameterizedTest(name = "POST {0} without credentials, with a token for another service, or from another service: refused, nothing written")
    @ValueSource(strings = {"/internal/calls", "/internal/payments/admit", "/internal/payments/complete",
            "/internal/stream-tokens/consume", "/internal/stream-access/trial-events"})
    void everyInternalRouteRefusesCallersOtherThanTheGateway(String path) throws Exception {
        long before = outboxRows();
        String body = forgedPaidEvent();
        HttpResponse<String> none = post(path, body, null);
        assertEquals(401, none.statusCode(), none.body());
        assertTrue(none.body().contains("\"error\":\"unauthenticated\""), none.body());
        assertEquals(401, post(path, body, "Bearer eyJhbGciOiJub25lIn0.e30.").statusCode(), "an unsigned token");
        assertEquals(401, post(path, body, GATEWAY_FOR_SANCTIONS).statusCode(), "the gateway's token for another service");
        HttpResponse<String> fromReport = post(path, body, REPORT);
        assertEquals(403, fromReport.statusCode(), fromReport.body());
        assertTrue(fromReport.body().contains("\"error\":\"forbidden\""), fromReport.body());
        assertEquals(before, outboxRows(), "refused calls write nothing");
    }

    @Test
    void theGatewayRecordsATrialCall() throws Exception {
        long before = outboxRows();
        HttpResponse<String> answer = post("/internal/calls", event("trial", Instant.now()), GATEWAY);
        assertEquals(202, answer.statusCode(), answer.body());
        assertEquals(before + 1, outboxRows());
    }

    @Test
    void aPaidEventIsNeverTakenWithoutItsSettlementEvenFromTheGateway() throws Exception {
        long before = outboxRows();
        HttpResponse<String> answer = post("/internal/calls", forgedPaidEvent(), GATEWAY);
        assertEquals(422, answer.statusCode(), answer.body());
        assertTrue(answer.body().contains("paid_event_refused"), answer.body());
        assertEquals(before, outboxRows());
    }

    @ParameterizedTest(name = "POST {0} with an empty object is a 422 naming the fields, not a 500")
    @ValueSource(strings = {"/internal/calls", "/internal/payments/admit", "/internal/payments/complete",
            "/internal/stream-tokens/consume", "/internal/stream-access/trial-events"})
    void malformedInternalRequestsAre422(String path) throws Exception {
        long before = outboxRows();
        HttpResponse<String> answer = post(path, "{}", GATEWAY);
        assertEquals(422, answer.statusCode(), answer.body());
        assertTrue(answer.body().startsWith("{"), answer.body());
        assertEquals(before, outboxRows());
    }

    @Test
    void aCompleteWithAnEventMissingItsFieldsIs422() {
        HttpResponse<String> answer = post("/internal/payments/complete",
                "{\"ticket\":\"t-1\",\"reached\":true,\"status\":200,\"event\":{\"access\":\"paid\"}}", GATEWAY);
        assertEquals(422, answer.statusCode(), answer.body());
        assertTrue(answer.body().contains("event.event_id") && answer.body().contains("event.agent_id"), answer.body());
    }

    private static String forgedPaidEvent() {
        return event("paid", Instant.now().minus(Duration.ofDays(40)));
    }

    private static String event(String access, Instant at) {
        return """
                {"event_id":"%s","occurred_at":"%s","operation_id":"sanctions_screen","route":"POST /sanctions",
                 "agent_id":"0x1111111111111111111111111111111111111111","payer":"0x1111111111111111111111111111111111111111",
                 "access":"%s","price_usdc":"0.05","charged_atomic":50000,
                 "payment_ref":{"network":"eip155:8453","transaction":"0xmadeup","nonce":"0x01"},
                 "status":200,"latency_ms":3,"request_json":"{}","response_json":"{}","data_versions":{}}
                """.formatted(UUID.randomUUID(), at.truncatedTo(ChronoUnit.SECONDS), access);
    }

    private HttpResponse<String> post(String path, String body, String authorization) {
        return PlainHttp.send("POST", URI.create("http://127.0.0.1:" + server.getPort() + path), body, authorization);
    }

    private long outboxRows() throws SQLException {
        try (Connection c = resolver.resolve(managed).getConnection();
             ResultSet rs = c.createStatement().executeQuery("SELECT count(*) FROM call_outbox")) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
