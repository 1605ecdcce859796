package dev.quipu.gateway.routing;

import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jwt.SignedJWT;
import dev.quipu.testkit.OperatorCredentials;
import dev.quipu.testkit.PlainHttp;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the gateway presents to backends and what its own management shows to callers. Requests go
 * over a plain JDK client, as an outsider's would (the tests' Micronaut clients sign as the operator).
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BackendCredentialsTest implements TestPropertyProvider {

    private FakeBackend backend;

    @Inject
    EmbeddedServer server;

    @Override
    public Map<String, String> getProperties() {
        try {
            backend = new FakeBackend();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, String> props = new HashMap<>(dev.quipu.gateway.BackendUrls.allAt(backend.url()));
        props.put("kafka.enabled", "false");
        props.put("quipu.gateway.paywall.enabled", "false");
        return props;
    }

    @AfterAll
    void stopBackend() {
        backend.close();
    }

    @Test
    void aBackendReceivesTheGatewaysOwnShortLivedTokenNeverTheCallersAuthorization() throws Exception {
        HttpResponse<String> answer = send("POST", "/sanctions/quick", "{\"name\":\"Juan Perez\",\"country\":\"CO\",\"type\":\"person\"}",
                "Bearer caller-supplied-token");
        assertEquals(200, answer.statusCode(), answer.body());
        String authorization = backend.received().stream().filter(r -> r.pathAndQuery().equals("/sanctions/quick"))
                .reduce((first, second) -> second).orElseThrow().authorization();
        assertTrue(authorization.startsWith("Bearer "), authorization);
        assertNotEquals("Bearer caller-supplied-token", authorization);

        SignedJWT token = SignedJWT.parse(authorization.substring("Bearer ".length()));
        ECKey gatewayKey = (ECKey) testSuiteKeys().getKeyByKeyId("gateway");
        assertTrue(token.verify(new ECDSAVerifier(gatewayKey)), "signed with the gateway's key of the suite");
        assertEquals("gateway", token.getJWTClaimsSet().getIssuer());
        assertEquals(List.of("sanctions-service"), token.getJWTClaimsSet().getAudience());
        Duration lifetime = Duration.between(Instant.now(), token.getJWTClaimsSet().getExpirationTime().toInstant());
        assertTrue(lifetime.compareTo(Duration.ofMinutes(5)) <= 0 && !lifetime.isNegative() && !lifetime.isZero(), "short-lived: " + lifetime);
    }

    @ParameterizedTest(name = "GET {0} shows callers nothing of the framework")
    @ValueSource(strings = {"/beans", "/routes", "/threaddump", "/info", "/env", "/loggers", "/refresh", "/stop",
            "/health/liveness/../../beans"})
    void managementEndpointsOtherThanHealthAreNotServed(String path) {
        HttpResponse<String> answer = send("GET", path, null, null);
        assertTrue(answer.statusCode() == 404 || answer.statusCode() == 401 || answer.statusCode() == 405,
                path + " answered " + answer.statusCode() + ": " + answer.body());
        assertTrue(!answer.body().contains("\"beans\"") && !answer.body().contains("dev.quipu"), answer.body());
    }

    @Test
    void prometheusNeedsTheOperatorsToken() {
        assertEquals(401, send("GET", "/prometheus", null, null).statusCode());
        String operator = "Bearer " + OperatorCredentials.signer("operator").mint(List.of("gateway"), Duration.ofMinutes(1));
        HttpResponse<String> metrics = send("GET", "/prometheus", null, operator);
        assertEquals(200, metrics.statusCode());
        assertTrue(metrics.body().contains("jvm_"), "metrics are served to the operator");
        String fromAService = "Bearer " + OperatorCredentials.signer("report-service").mint(List.of("gateway"), Duration.ofMinutes(1));
        assertEquals(403, send("GET", "/prometheus", null, fromAService).statusCode());
    }

    @Test
    void healthStaysPublic() {
        HttpResponse<String> health = send("GET", "/health", null, null);
        assertEquals(200, health.statusCode(), health.body());
        assertTrue(!health.body().contains("diskSpace"), "no disk paths or sizes: " + health.body());
    }

    private HttpResponse<String> send(String method, String path, String body, String authorization) {
        return PlainHttp.send(method, URI.create("http://127.0.0.1:" + server.getPort() + path), body, authorization);
    }

    private static JWKSet testSuiteKeys() throws Exception {
        try (InputStream in = BackendCredentialsTest.class.getClassLoader()
                .getResourceAsStream(OperatorCredentials.KEYS + "jwks.json")) {
            return JWKSet.load(in);
        }
    }
}
