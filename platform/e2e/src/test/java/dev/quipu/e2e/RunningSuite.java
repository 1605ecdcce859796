package dev.quipu.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.quipu.contracts.pricebook.Service;
import dev.quipu.devstack.DevStack;
import dev.quipu.internalauth.InternalTokens;
import dev.quipu.internalauth.SuiteKeys;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * The suite as a client sees it: plain HTTP against the gateway (and, for health, each service).
 * One instance per test JVM, handed to tests by {@link SuiteExtension}.
 */
public final class RunningSuite {

    private static final ObjectMapper JSON = new ObjectMapper();

    private volatile DevStack stack;
    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2))
            .build();

    private final OfficialSourcesStandIn sources;

    RunningSuite(DevStack stack, OfficialSourcesStandIn sources) {
        this.stack = stack;
        this.sources = sources;
    }

    public DevStack stack() {
        return stack;
    }

    /**
     * Stops every process of the suite and starts it again on the same home (its database, broker log,
     * keys and secrets kept), as {@code ./quipu down} then {@code ./quipu up} do; ports may change.
     */
    void restart() {
        DevStack before = stack;
        before.close();
        stack = DevStack.start(before.config());
    }

    /** The local stand-ins for the publishers' official URLs the suite fetches from. */
    OfficialSourcesStandIn sources() {
        return sources;
    }

    public URI gateway() {
        return stack.gatewayUrl();
    }

    public URI url(Service service) {
        return stack.url(service);
    }

    /** A response whose body was read (up to a limit, so that a stream does not hang the test). */
    public record Reply(int status, String contentType, String body) {
        public JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new AssertionError("not JSON (" + status + ", " + contentType + "): " + body, e);
            }
        }
    }

    /**
     * An {@code Authorization} value that {@code service} accepts from {@code identity} of this suite,
     * signed with its key in the suite's keys ({@code operator}: as {@code ./quipu internal-header}
     * prints it).
     */
    public String authorization(String identity, Service service) {
        try {
            return new InternalTokens(SuiteKeys.readPrivate(SuiteKeys.privateKeyFile(stack.keysDir(), identity)),
                    java.time.Clock.systemUTC()).authorizationFor(service.moduleName());
        } catch (IOException e) {
            throw new AssertionError("no key of " + identity + " in " + stack.keysDir(), e);
        }
    }

    /** The operator's {@link #authorization}. */
    public String operatorAuthorization(Service service) {
        return authorization(SuiteKeys.OPERATOR, service);
    }

    /** The operator token this suite's reputation-service was given (made in .quipu/secrets.env). */
    public String operatorToken() {
        return stack.secrets().get("QUIPU_OPERATOR_TOKEN");
    }

    public Reply get(URI base, String path) {
        return send(HttpRequest.newBuilder(base.resolve(path)).GET());
    }

    public Reply get(String path) {
        return get(gateway(), path);
    }

    public Reply postJson(String path, String body) {
        return postJson(gateway(), path, body, null);
    }

    /** A POST to {@code base}, with an {@code Authorization} header when one is given (a backend, as the operator). */
    public Reply postJson(URI base, String path, String body, String authorization) {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return send(request);
    }

    private Reply send(HttpRequest.Builder request) {
        HttpRequest r = request.timeout(Duration.ofSeconds(20)).build();
        try {
            HttpResponse<InputStream> response = http.send(r, HttpResponse.BodyHandlers.ofInputStream());
            try (InputStream in = response.body()) {
                // event streams never end: the status and the first bytes are what a probe needs
                byte[] head = response.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream")
                        ? new byte[0]
                        : in.readNBytes(1 << 20);
                return new Reply(response.statusCode(), response.headers().firstValue("Content-Type").orElse(""),
                        new String(head, StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new AssertionError(r.method() + " " + r.uri() + " failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }
}
