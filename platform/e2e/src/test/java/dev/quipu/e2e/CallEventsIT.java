package dev.quipu.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import dev.quipu.testkit.EmbeddedDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The event backbone end to end: a valid call through the gateway reaches its service, its event is
 * written to payment-service's outbox, published on quipu.calls.v1 through the real broker, and
 * stored once by audit-service and by reputation-service (their only way to learn of it).
 */
@ExtendWith(SuiteExtension.class)
class CallEventsIT {

    @Test
    void aTrialCallReachesItsServiceAndItsEventReachesAuditAndReputation(RunningSuite suite) throws Exception {
        String agent = "e2e-events-" + UUID.randomUUID();
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(suite.gateway().resolve("/rates"))
                .header("Content-Type", "application/json")
                .header("X-TRIAL", "true")
                .timeout(Duration.ofSeconds(30))
                .POST(HttpRequest.BodyPublishers.ofString("{\"country\":\"CO\",\"agent_id\":\"" + agent + "\"}"))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), response.body());
        JsonNode rates = new RunningSuite.Reply(200, "application/json", response.body()).json();
        assertFalse(rates.path("usd_cop").isMissingNode(), "rates-service answered: " + response.body());

        assertEquals(1, awaitRows(suite, "quipu_payment",
                "SELECT count(*) FROM call_outbox WHERE agent_id = ? AND published_at IS NOT NULL", agent),
                "published from payment-service's outbox");
        assertEquals(1, awaitRows(suite, "quipu_audit", "SELECT count(*) FROM call_events WHERE agent_id = ?", agent),
                "stored once by audit-service");
        assertEquals(1, awaitRows(suite, "quipu_reputation", "SELECT count(*) FROM call_events WHERE agent_id = ?", agent),
                "stored once by reputation-service");
        assertEquals(1, count(suite, "quipu_audit", "SELECT count(*) FROM call_events WHERE agent_id = ? "
                + "AND payload LIKE '%\"data_versions\":{%usd_cop%'", agent),
                "the event binds the publication dates of the rates it answered with");
        AuditVerification.assertChainVerifies(suite, agent, 1);
    }

    /** Polls until the count is at least one (bounded), then returns the count. */
    private static int awaitRows(RunningSuite suite, String database, String sql, String agent) throws Exception {
        long deadline = System.currentTimeMillis() + 60_000;
        int count = 0;
        while (System.currentTimeMillis() < deadline) {
            count = count(suite, database, sql, agent);
            if (count > 0) {
                return count;
            }
            Thread.sleep(250);
        }
        assertTrue(count > 0, sql + " found nothing for " + agent + " in " + database);
        return count;
    }

    private static int count(RunningSuite suite, String database, String sql, String agent) throws SQLException {
        try (Connection c = DriverManager.getConnection(suite.stack().jdbcUrl(database), EmbeddedDatabase.USER,
                EmbeddedDatabase.PASSWORD);
             PreparedStatement st = c.prepareStatement(sql)) {
            st.setString(1, agent);
            try (ResultSet rs = st.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

}
