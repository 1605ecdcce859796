package dev.quipu.gateway.budget;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A gateway that has not read {@code quipu.budgets.v1} to its end (here: its broker cannot be reached)
 * knows of no agent that it has no cap, so every paid call reserves, and none runs unchecked while
 * reputation-service is down.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DirectoryNotCaughtUpTest implements TestPropertyProvider {

    private FakeReputation reputation;

    @Inject
    @Client("/")
    HttpClient http;

    @Inject
    BudgetDirectory directory;

    @Override
    public Map<String, String> getProperties() {
        reputation = new FakeReputation();
        Map<String, String> props = reputation.gatewayProperties();
        props.put("kafka.bootstrap.servers", "127.0.0.1:" + unusedPort());
        return props;
    }

    private static int unusedPort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @AfterAll
    void stop() {
        reputation.close();
    }

    @BeforeEach
    void reset() {
        reputation.reserved.clear();
        reputation.down = false;
    }

    private HttpResponse<String> call(String agent) {
        return http.toBlocking().exchange(HttpRequest.POST("/sanctions/quick",
                Map.of("name", "Juan Perez", "country", "CO", "type", "person", "agent_id", agent)), String.class);
    }

    @Test
    void everyPaidCallReservesBeforeTheDirectoryHasCaughtUp() {
        assertFalse(directory.isCaughtUp());
        String agent = "never-capped-" + UUID.randomUUID();
        assertEquals(200, call(agent).code());
        assertEquals(200, call(agent).code());
        assertEquals(List.of(agent, agent), reputation.reserved);
    }

    @Test
    void whileReputationServiceIsDownEveryPaidCallGets503BeforeTheDirectoryHasCaughtUp() {
        reputation.down = true;
        HttpClientResponseException refused = assertThrows(HttpClientResponseException.class,
                () -> call("never-capped-" + UUID.randomUUID()));
        assertEquals(503, refused.getStatus().getCode());
    }
}
