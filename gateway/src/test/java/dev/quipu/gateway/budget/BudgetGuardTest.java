package dev.quipu.gateway.budget;

import dev.quipu.contracts.events.BudgetChanged;
import dev.quipu.contracts.pricebook.Service;
import dev.quipu.gateway.routing.Backends;
import dev.quipu.gateway.routing.GatewayConfig;
import io.micronaut.json.JsonMapper;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a paid call's budget check decides from the directory of capped agents, when reputation-service
 * answers, and when it cannot.
 */
class BudgetGuardTest {

    private static final String UNLIMITED = "{\"reserved\":true,\"state\":\"unlimited\"}";
    private static final String HELD = "{\"reserved\":true,\"state\":\"held\",\"limit_usdc\":\"1\",\"remaining_usdc\":\"0.9\"}";

    /** reputation-service's answers in order; null or "down" = unreachable. */
    private final java.util.ArrayDeque<String> answers = new java.util.ArrayDeque<>();
    /** the paths reputation-service was asked. */
    private final List<String> asked = new CopyOnWriteArrayList<>();
    private final BudgetDirectory directory = new BudgetDirectory();

    private final Backends reputation = new Backends(List.of(),
            new GatewayConfig(URI.create("http://localhost"), "salt", Duration.ofSeconds(1)),
            dev.quipu.testkit.OperatorCredentials.signer("gateway")) {
        @Override
        public BackendAnswer forward(Service service, String method, String pathAndQuery, byte[] body,
                                     Map<String, String> headers) {
            asked.add(pathAndQuery);
            String next = answers.isEmpty() ? null : answers.poll();
            if (next == null || next.equals("down")) {
                return new BackendAnswer(502, "application/json", null, 0, "reputation-service unreachable");
            }
            return new BackendAnswer(200, "application/json", next.getBytes(StandardCharsets.UTF_8), 1, null);
        }
    };

    private BudgetGuard guard(boolean failOpen) {
        return new BudgetGuard(reputation, JsonMapper.createDefault(), new BudgetConfig(failOpen), directory);
    }

    private static BudgetChanged cap(String agent) {
        return new BudgetChanged("e-" + agent, agent, true, "1", "daily", "operator", Instant.now().toString());
    }

    @Test
    void anAgentWithoutACapIsNotAskedAboutOnceTheDirectoryHasCaughtUp() {
        directory.caughtUp();
        BudgetGuard.Hold hold = guard(false).reserve("agent-1", 1000, "r1");
        assertNull(hold.refusal());
        assertNull(hold.reservationId());
        assertTrue(asked.isEmpty(), "asked " + asked);
    }

    @Test
    void everyPaidCallReservesBeforeTheDirectoryHasCaughtUp() {
        answers.add(UNLIMITED);
        BudgetGuard.Hold hold = guard(false).reserve("agent-1", 1000, "r1");
        assertNull(hold.refusal());
        assertEquals(List.of("/internal/budget/reserve"), asked);
    }

    @Test
    void aCappedAgentReservesAndItsHeldReservationIsFinishedLater() {
        directory.caughtUp();
        directory.apply(cap("agent-1"));
        answers.add(HELD);
        BudgetGuard.Hold hold = guard(false).reserve("agent-1", 1000, "r1");
        assertEquals("r1", hold.reservationId());
        assertNull(hold.refusal());
        assertEquals(List.of("/internal/budget/reserve"), asked);
    }

    @Test
    void aCappedAgentIsRefusedWith503AndRetryAfterWhileTheCapCannotBeChecked() {
        directory.caughtUp();
        directory.apply(cap("agent-1"));
        answers.add("down");
        BudgetGuard.Hold hold = guard(false).reserve("agent-1", 1000, "r1");
        assertNotNull(hold.refusal());
        assertEquals(503, hold.refusal().getStatus().getCode());
        assertEquals("5", hold.refusal().getHeaders().get("Retry-After"));
    }

    @Test
    void anUncappedAgentRunsWhileTheCapCannotBeChecked() {
        directory.caughtUp();
        answers.add("down");
        BudgetGuard.Hold hold = guard(false).reserve("agent-2", 1000, "r1");
        assertNull(hold.refusal());
        assertNull(hold.reservationId());
    }

    @Test
    void everyAgentIsRefusedWhileTheCapCannotBeCheckedBeforeTheDirectoryHasCaughtUp() {
        answers.add("down");
        assertEquals(503, guard(false).reserve("agent-1", 1000, "r1").refusal().getStatus().getCode());
    }

    @Test
    void aCapReputationServiceReportsIsEnforcedDuringALaterOutageEvenBeforeTheTopicTells() {
        BudgetGuard guard = guard(false);
        answers.add(HELD);
        guard.reserve("agent-1", 1000, "r1");
        directory.caughtUp();
        answers.add("down");
        assertEquals(503, guard.reserve("agent-1", 1000, "r2").refusal().getStatus().getCode());
    }

    @Test
    void aCapSetThroughThisGatewayMakesTheNextCallReserve() {
        directory.caughtUp();
        BudgetGuard guard = guard(false);
        guard.capSetThrough(new Backends.BackendAnswer(200, "application/json",
                "{\"agent_id\":\"0xAbCdEf0123456789abcdef0123456789ABCDEF01\",\"capped\":true}".getBytes(StandardCharsets.UTF_8),
                1, null), null);
        assertFalse(directory.knownUncapped("0xabcdef0123456789abcdef0123456789abcdef01"));
        answers.add(HELD);
        assertEquals("r1", guard.reserve("0xabcdef0123456789abcdef0123456789abcdef01", 1000, "r1").reservationId());
    }

    @Test
    void aRefusedBudgetChangeMarksNoCap() {
        directory.caughtUp();
        guard(false).capSetThrough(new Backends.BackendAnswer(403, "application/json",
                "{\"error\":\"forbidden\"}".getBytes(StandardCharsets.UTF_8), 1, null),
                "{\"agent_id\":\"agent-9\"}".getBytes(StandardCharsets.UTF_8));
        assertTrue(directory.knownUncapped("agent-9"));
    }

    @Test
    void theLaterOfTwoChangesOfAnAgentWins() {
        directory.caughtUp();
        Instant t = Instant.parse("2026-11-22T12:00:00Z");
        directory.apply(new BudgetChanged("e2", "agent-1", false, null, null, "operator", t.plusSeconds(1).toString()));
        directory.apply(new BudgetChanged("e1", "agent-1", true, "1", "daily", "operator", t.toString()));
        assertTrue(directory.knownUncapped("agent-1"));
        directory.apply(new BudgetChanged("e3", "agent-1", true, "2", "daily", "operator", t.plusSeconds(2).toString()));
        assertFalse(directory.knownUncapped("agent-1"));
    }

    @Test
    void failOpenRunsEveryCallWhileTheCapCannotBeChecked() {
        answers.add("down");
        BudgetGuard.Hold hold = guard(true).reserve("agent-1", 1000, "r1");
        assertNull(hold.refusal());
    }

    @Test
    void anExhaustedBudgetIs402WithItsHeader() {
        answers.add("{\"reserved\":false,\"state\":\"budget_exhausted\",\"limit_usdc\":\"1\",\"remaining_usdc\":\"0\"}");
        BudgetGuard.Hold hold = guard(false).reserve("agent-1", 1000, "r1");
        assertEquals(402, hold.refusal().getStatus().getCode());
        assertEquals("true", hold.refusal().getHeaders().get(BudgetGuard.EXHAUSTED_HEADER));
    }

    @Test
    void aFreeCallReservesNothing() {
        BudgetGuard.Hold hold = guard(false).reserve("agent-1", 0, "r1");
        assertNull(hold.refusal());
        assertNull(hold.reservationId());
        assertTrue(asked.isEmpty());
    }
}
