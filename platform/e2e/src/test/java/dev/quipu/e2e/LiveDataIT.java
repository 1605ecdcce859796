package dev.quipu.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.quipu.contracts.pricebook.Service;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Live by default, snapshot as the floor, on the running suite ({@link OfficialSourcesStandIn}): the
 * list whose publisher answers is swapped in and served as {@code live} with its publisher date; the
 * lists whose publishers cannot be reached keep their bundled snapshots, honestly dated and marked,
 * with the error and the next attempt on {@code /health}.
 */
@ExtendWith(SuiteExtension.class)
class LiveDataIT {

    private static final String SCREENING = "{\"name\":\"Eric Badege\",\"country\":\"CD\",\"type\":\"person\"}";

    private static JsonNode list(RunningSuite suite, String list) {
        RunningSuite.Reply health = suite.get(suite.url(Service.SANCTIONS), "/health");
        return health.json().path("details").path("lists").path("details").path(list);
    }

    private static JsonNode awaitList(RunningSuite suite, String name, Predicate<JsonNode> condition) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        JsonNode last = null;
        while (System.nanoTime() < end) {
            last = list(suite, name);
            if (condition.test(last)) {
                return last;
            }
            Thread.sleep(250);
        }
        fail(name + " never reached the expected state; last seen " + last);
        return last;
    }

    private static JsonNode checked(JsonNode answer, String list) {
        for (JsonNode c : answer.path("lists_checked")) {
            if (list.equals(c.path("list").asText())) {
                return c;
            }
        }
        throw new AssertionError(list + " not in lists_checked: " + answer);
    }

    @Test
    void theListWhosePublisherAnswersIsSwappedInAndServedLive(RunningSuite suite) throws Exception {
        awaitList(suite, "UN", l -> "live".equals(l.path("source_mode").asText()));
        RunningSuite.Reply reply = suite.postJson(suite.url(Service.SANCTIONS), "/sanctions", SCREENING,
                suite.operatorAuthorization(Service.SANCTIONS));
        assertEquals(200, reply.status(), reply.body());
        JsonNode un = checked(reply.json(), "UN");
        assertEquals("live", un.path("source_mode").asText(), un.toString());
        assertEquals(suite.sources().unPublished().toString(), un.path("published_at").asText());
        assertFalse(un.path("stale").asBoolean(), un.toString());
        for (JsonNode m : reply.json().path("matches")) {
            assertFalse("UN".equals(m.path("list").asText()), "the delisted designation is gone from the UN list: " + m);
        }
    }

    @Test
    void listsWhosePublishersCannotBeReachedServeTheirSnapshotsHonestlyDated(RunningSuite suite) throws Exception {
        JsonNode sdn = awaitList(suite, "OFAC_SDN", l -> !l.path("last_error").isNull() && !l.path("last_error").isMissingNode());
        assertEquals("snapshot", sdn.path("source_mode").asText(), sdn.toString());
        assertTrue(sdn.path("last_error").path("message").asText().contains("127.0.0.1:1"), sdn.toString());
        assertTrue(Instant.parse(sdn.path("next_attempt").asText()).isAfter(Instant.now()), "a retry is scheduled: " + sdn);
        RunningSuite.Reply reply = suite.postJson(suite.url(Service.SANCTIONS), "/sanctions", SCREENING,
                suite.operatorAuthorization(Service.SANCTIONS));
        for (String list : new String[] {"OFAC_SDN", "OFAC_CONS", "EU", "UK"}) {
            JsonNode c = checked(reply.json(), list);
            assertEquals("snapshot", c.path("source_mode").asText(), c.toString());
            assertFalse(c.path("published_at").isNull(), "every bundled list states its publisher's date: " + c);
            assertTrue(c.path("age_seconds").asLong() > 0, c.toString());
        }
        assertTrue(checked(reply.json(), "OFAC_SDN").path("stale").asBoolean(),
                "the bundled SDN is older than OFAC's weekly cycle");
    }

    @Test
    void aPaidScreeningThroughTheGatewaySaysWhereEachListCameFrom(RunningSuite suite) throws Exception {
        OfficialClient.assumeAvailable();
        awaitList(suite, "UN", l -> "live".equals(l.path("source_mode").asText()));
        String agent = "e2e-live-data-" + UUID.randomUUID();
        JsonNode result = OfficialClient.pay(suite.gateway().resolve("/sanctions"),
                SCREENING.replace("}", ",\"agent_id\":\"" + agent + "\"}"));
        assertEquals(200, result.path("status").asInt(), result.toString());
        JsonNode body = new ObjectMapper().readTree(result.path("body").asText());
        assertEquals("live", checked(body, "UN").path("source_mode").asText(), body.toString());
        assertEquals("snapshot", checked(body, "OFAC_SDN").path("source_mode").asText(), body.toString());
        AuditVerification.assertChainVerifies(suite, agent, 1);
    }
}
