package dev.quipu.internalauth;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Post;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A backend configured as the services are: the suite's public key set, its own name as the audience,
 * and route rules naming who may call what. Calls go over real HTTP without any client filter.
 */
@MicronautTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class InternalAuthTest implements TestPropertyProvider {

    private static final Path KEYS = tempDir();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Inject
    EmbeddedServer server;
    @Inject
    LedgerProbe ledger;

    @Override
    public Map<String, String> getProperties() {
        Path set = SuiteKeys.ensure(KEYS, List.of("gateway", "report-service", SuiteKeys.OPERATOR));
        return Map.ofEntries(
                Map.entry("spec.name", "InternalAuthTest"),
                Map.entry("micronaut.application.name", "ledger-service"),
                Map.entry("micronaut.security.token.jwt.signatures.jwks-static.suite.path", "file:" + set),
                Map.entry("micronaut.security.token.jwt.claims-validators.audience", "ledger-service"),
                Map.entry("micronaut.security.intercept-url-map[0].pattern", "/health"),
                Map.entry("micronaut.security.intercept-url-map[0].access[0]", "isAnonymous()"),
                Map.entry("micronaut.security.intercept-url-map[1].pattern", "/internal/**"),
                Map.entry("micronaut.security.intercept-url-map[1].access[0]", "gateway"),
                Map.entry("micronaut.security.intercept-url-map[1].access[1]", "operator"),
                Map.entry("micronaut.security.intercept-url-map[2].pattern", "/**"),
                Map.entry("micronaut.security.intercept-url-map[2].access[0]", "gateway"),
                Map.entry("micronaut.security.intercept-url-map[2].access[1]", "report-service"),
                Map.entry("micronaut.security.intercept-url-map[2].access[2]", "operator"));
    }

    @Test
    void aCallWithoutATokenIsRefusedWith401AndAJsonBodyAndChangesNothing() {
        int before = ledger.writes.get();
        HttpResponse<String> response = post("/internal/write", null);
        assertEquals(401, response.statusCode());
        assertTrue(response.body().contains("\"error\":\"unauthenticated\""), response.body());
        assertEquals("Bearer", response.headers().firstValue("WWW-Authenticate").orElse(null));
        assertEquals(before, ledger.writes.get());
    }

    @Test
    void aMalformedTokenIsRefusedWith401() {
        assertEquals(401, post("/internal/write", "Bearer not.a.token").statusCode());
        assertEquals(401, post("/internal/write", "Basic b3BlcmF0b3I6cGFzc3dvcmQ=").statusCode());
    }

    @Test
    void theGatewaysTokenIsAccepted() {
        int before = ledger.writes.get();
        HttpResponse<String> response = post("/internal/write", tokens("gateway").authorizationFor("ledger-service"));
        assertEquals(200, response.statusCode(), response.body());
        assertEquals("{\"caller\":\"gateway\"}", response.body());
        assertEquals(before + 1, ledger.writes.get());
    }

    @Test
    void aServiceMayCallOnlyTheRoutesItsRuleNames() {
        String report = tokens("report-service").authorizationFor("ledger-service");
        assertEquals(200, post("/data", report).statusCode());
        HttpResponse<String> refused = post("/internal/write", report);
        assertEquals(403, refused.statusCode());
        assertTrue(refused.body().contains("report-service may not call POST /internal/write"), refused.body());
    }

    @Test
    void aTokenForAnotherServiceIsRefused() {
        assertEquals(401, post("/internal/write", tokens("gateway").authorizationFor("payment-service")).statusCode());
    }

    @Test
    void anExpiredTokenIsRefused() {
        Clock tenMinutesAgo = Clock.fixed(Instant.now().minus(Duration.ofMinutes(10)), ZoneOffset.UTC);
        InternalTokens old = new InternalTokens(key("gateway"), tenMinutesAgo);
        assertEquals(401, post("/internal/write", old.authorizationFor("ledger-service")).statusCode());
    }

    @Test
    void aKeyOutsideTheSuiteIsRefusedEvenWithTheGatewaysName() {
        InternalTokens stranger = new InternalTokens(SuiteKeys.generate("gateway"), Clock.systemUTC());
        assertEquals(401, post("/internal/write", stranger.authorizationFor("ledger-service")).statusCode());
    }

    @Test
    void aServiceCannotSignAsAnother() throws Exception {
        // report-service's own key, claiming to be the gateway in the key id and the claims
        ECKey reportKey = key("report-service");
        JWTClaimsSet claims = new JWTClaimsSet.Builder().issuer("gateway").subject("gateway").audience("ledger-service")
                .expirationTime(Date.from(Instant.now().plusSeconds(60))).build();
        SignedJWT asGateway = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.ES256).keyID("gateway").build(), claims);
        asGateway.sign(new ECDSASigner(reportKey));
        assertEquals(401, post("/internal/write", "Bearer " + asGateway.serialize()).statusCode());

        // its own key id, but claiming the gateway as issuer
        JWTClaimsSet claimsGateway = new JWTClaimsSet.Builder().issuer("gateway").subject("gateway")
                .audience("ledger-service").expirationTime(Date.from(Instant.now().plusSeconds(60))).build();
        SignedJWT mislabelled = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.ES256).keyID("report-service").build(),
                claimsGateway);
        mislabelled.sign(new ECDSASigner(reportKey));
        assertEquals(401, post("/internal/write", "Bearer " + mislabelled.serialize()).statusCode());
    }

    @Test
    void theOperatorsHeaderIsOneLineAcceptedEverywhere() {
        String line = InternalHeader.header(tokens(SuiteKeys.OPERATOR), List.of("ledger-service"));
        assertTrue(line.startsWith("Authorization: Bearer ") && !line.contains("\n"), line);
        String value = line.substring("Authorization: ".length());
        assertEquals(200, post("/internal/write", value).statusCode());
        assertEquals(200, post("/data", value).statusCode());
    }

    @Test
    void healthStaysOpen() {
        assertEquals(200, get("/health").statusCode());
    }

    @Test
    void keysAreKeptAcrossASecondStartAndReadableOnlyByTheirOwner() throws IOException {
        String before = Files.readString(SuiteKeys.privateKeyFile(KEYS, "gateway"));
        SuiteKeys.ensure(KEYS, List.of("gateway"));
        assertEquals(before, Files.readString(SuiteKeys.privateKeyFile(KEYS, "gateway")));
        assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(
                Files.getPosixFilePermissions(SuiteKeys.privateKeyFile(KEYS, "gateway"))));
    }

    private InternalTokens tokens(String identity) {
        return new InternalTokens(key(identity), Clock.systemUTC());
    }

    private static ECKey key(String identity) {
        try {
            return SuiteKeys.readPrivate(SuiteKeys.privateKeyFile(KEYS, identity));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private HttpResponse<String> post(String path, String authorization) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.getPort() + path))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{}"));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return send(request.build());
    }

    private HttpResponse<String> get(String path) {
        return send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.getPort() + path)).build());
    }

    private static HttpResponse<String> send(HttpRequest request) {
        try {
            return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Path tempDir() {
        try {
            return Files.createTempDirectory("quipu-keys");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Counts the writes that got through. */
    @jakarta.inject.Singleton
    @Requires(property = "spec.name", value = "InternalAuthTest")
    static class LedgerProbe {
        final AtomicInteger writes = new AtomicInteger();
    }

    @Controller
    @Requires(property = "spec.name", value = "InternalAuthTest")
    static class LedgerController {
        private final LedgerProbe probe;

        LedgerController(LedgerProbe probe) {
            this.probe = probe;
        }

        @Post("/internal/write")
        Map<String, String> write(@Body Map<String, Object> body, java.security.Principal caller) {
            probe.writes.incrementAndGet();
            return Map.of("caller", caller.getName());
        }

        @Post("/data")
        Map<String, String> data(@Body Map<String, Object> body) {
            return Map.of("ok", "yes");
        }

        @Get("/health")
        Map<String, String> health() {
            return Map.of("status", "UP");
        }
    }
}
