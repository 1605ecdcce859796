package dev.quipu.gateway.budget;

import dev.quipu.contracts.pricebook.Service;
import dev.quipu.gateway.routing.Backends;
import dev.quipu.gateway.routing.GatewayConfig;
import io.micronaut.json.JsonMapper;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/** What a paid call's budget check decides when reputation-service answers, and when it cannot. */
class BudgetGuardTest {

    private static final String UNLIMITED = "{\"reserved\":true,\"state\":\"unlimited\"}";
    private static final String HELD = "{\"reserved\":true,\"state\":\"held\",\"limit_usdc\":\"1\",\"remaining_usdc\":\"0.9\"}";

    /** reputation-service's answers in order; null = unreachable. */
    private final java.util.ArrayDeque<String> answers = new java.util.ArrayDeque<>();
    private Instant now = Instant.parse("2026-11-22T12:00:00Z");

    private final Backends reputation = new Backends(List.of(),
            new GatewayConfig(URI.create("http://localhost"), "salt", Duration.ofSeconds(1))) {
        @Override
        public BackendAnswer forward(Service service, String method, String pathAndQuery, byte[] body,
                                     Map<String, String> headers) {
            String next = answers.isEmpty() ? null : answers.poll();
            if (next == null || next.equals("down")) {
                return new BackendAnswer(502, "application/json", null, 0, "reputation-service unreachable");
            }
            return new BackendAnswer(200, "application/json", next.getBytes(StandardCharsets.UTF_8), 1, null);
        }
    };

    private BudgetGuard guard(boolean failOpen) {
        Clock clock = new Clock() {
            @Override
            public ZoneOffset getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(java.time.ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                return now;
            }
        };
        return new BudgetGuard(reputation, JsonMapper.createDefault(), new BudgetConfig(failOpen, Duration.ofSeconds(60)), clock);
    }

    @Test
    void aHeldReservationIsFinishedLater() {
        answers.add(HELD);
        BudgetGuard.Hold hold = guard(false).reserve("agent-1", 1000, "r1");
        assertEquals("r1", hold.reservationId());
        assertNull(hold.refusal());
    }

    @Test
    void anAgentNeverHeardOfIsRefusedWith503AndRetryAfterWhileTheCapCannotBeChecked() {
        answers.add("down");
        BudgetGuard.Hold hold = guard(false).reserve("agent-1", 1000, "r1");
        assertNotNull(hold.refusal());
        assertEquals(503, hold.refusal().getStatus().getCode());
        assertEquals("5", hold.refusal().getHeaders().get("Retry-After"));
    }

    @Test
    void anAgentWithACapIsRefusedWhileTheCapCannotBeChecked() {
        BudgetGuard guard = guard(false);
        answers.add(HELD);
        guard.reserve("agent-1", 1000, "r1");
        answers.add("down");
        assertEquals(503, guard.reserve("agent-1", 1000, "r2").refusal().getStatus().getCode());
    }

    @Test
    void anAgentLatelyWithoutACapRunsWhileTheCapCannotBeChecked() {
        BudgetGuard guard = guard(false);
        answers.add(UNLIMITED);
        guard.reserve("agent-1", 1000, "r1");
        now = now.plusSeconds(59);
        answers.add("down");
        BudgetGuard.Hold hold = guard.reserve("agent-1", 1000, "r2");
        assertNull(hold.refusal());
        assertNull(hold.reservationId());
    }

    @Test
    void theNoCapAnswerIsTrustedOnlyForTheConfiguredTime() {
        BudgetGuard guard = guard(false);
        answers.add(UNLIMITED);
        guard.reserve("agent-1", 1000, "r1");
        now = now.plusSeconds(61);
        answers.add("down");
        assertEquals(503, guard.reserve("agent-1", 1000, "r2").refusal().getStatus().getCode());
    }

    @Test
    void aCapSetAfterANoCapAnswerIsEnforcedDuringAnOutage() {
        BudgetGuard guard = guard(false);
        answers.add(UNLIMITED);
        guard.reserve("agent-1", 1000, "r1");
        answers.add(HELD);
        guard.reserve("agent-1", 1000, "r2");
        answers.add("down");
        assertEquals(503, guard.reserve("agent-1", 1000, "r3").refusal().getStatus().getCode());
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
        assertEquals(0, answers.size());
    }
}
