package dev.quipu.gateway.routing;

import dev.quipu.contracts.events.DataVersions;
import dev.quipu.contracts.pricebook.Service;
import dev.quipu.internalauth.CallerIdentity;
import dev.quipu.internalauth.InternalTokens;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Calls the services behind the gateway and buffers their answers whole: payment is settled only
 * after the backend has answered, so nothing is streamed to the caller before that.
 */
@Singleton
public class Backends {

    /**
     * Request headers passed on to backends; everything else (payment headers, and the caller's own
     * {@code Authorization}, passed on as {@link CallerIdentity#CALLER_AUTHORIZATION}) stays here: a backend's
     * {@code Authorization} is the gateway's own credential.
     */
    private static final List<String> FORWARDED_HEADERS = List.of("content-type", "accept", "x-agent-id",
            "x-request-id");

    private final Map<String, URI> urls;
    private final Duration timeout;
    private final HttpClient http;
    private final InternalTokens credentials;

    public Backends(List<BackendUrl> backends, GatewayConfig config, InternalTokens credentials) {
        this.credentials = credentials;
        this.urls = backends.stream().collect(Collectors.toUnmodifiableMap(BackendUrl::getName, BackendUrl::getUrl));
        this.timeout = config.backendTimeout();
        this.http = HttpClient.newBuilder()
                .connectTimeout(Duration.ofSeconds(2))
                .version(HttpClient.Version.HTTP_1_1)
                .build();
    }

    public Optional<URI> baseUrl(Service service) {
        return Optional.ofNullable(urls.get(service.shortName()));
    }

    /**
     * Sends the request to {@code service} unchanged (method, path, query, body) and returns the
     * buffered answer; an unreachable backend becomes {@link BackendAnswer#unreachable}.
     */
    public BackendAnswer forward(Service service, String method, String pathAndQuery, byte[] body,
                                 Map<String, String> headers) {
        URI base = baseUrl(service).orElse(null);
        if (base == null) {
            return BackendAnswer.unreachable(service, "no URL configured for " + service.shortName());
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(pathAndQuery))
                .timeout(timeout)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        headers.forEach((name, value) -> {
            String lower = name.toLowerCase(java.util.Locale.ROOT);
            if (FORWARDED_HEADERS.contains(lower)) {
                request.header(name, value);
            } else if (lower.equals("authorization")) {
                // the caller's own credential (an operator's token for POST /budget), under another name
                request.header(CallerIdentity.CALLER_AUTHORIZATION, value);
            }
        });
        request.header("Authorization", credentials.authorizationFor(service.moduleName()));
        long started = System.nanoTime();
        try {
            HttpResponse<byte[]> response = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            return new BackendAnswer(response.statusCode(),
                    response.headers().firstValue("content-type").orElse("application/json"),
                    response.body(), (System.nanoTime() - started) / 1_000_000, null,
                    DataVersions.parse(response.headers().firstValue(DataVersions.HEADER).orElse(null)));
        } catch (IOException e) {
            return BackendAnswer.unreachable(service, e.getClass().getSimpleName() + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return BackendAnswer.unreachable(service, "interrupted");
        }
    }

    /**
     * The buffered answer of a backend. {@code failure} is set when it could not be reached;
     * {@code dataVersions} are the data versions it reported ({@link DataVersions#HEADER}).
     */
    public record BackendAnswer(int status, String contentType, byte[] body, long latencyMs, String failure,
                                Map<String, String> dataVersions) {

        public BackendAnswer {
            dataVersions = Map.copyOf(dataVersions);
        }

        public BackendAnswer(int status, String contentType, byte[] body, long latencyMs, String failure) {
            this(status, contentType, body, latencyMs, failure, Map.of());
        }

        static BackendAnswer unreachable(Service service, String why) {
            return new BackendAnswer(502, "application/json", null, 0, service.moduleName() + " unreachable: " + why);
        }

        public boolean reached() {
            return failure == null;
        }

        public boolean succeeded() {
            return reached() && status >= 200 && status < 300;
        }
    }
}
