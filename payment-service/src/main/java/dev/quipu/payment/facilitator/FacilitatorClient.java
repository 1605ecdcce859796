package dev.quipu.payment.facilitator;

import io.micronaut.json.JsonMapper;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Map;

/**
 * HTTP client of one x402 facilitator ({@code POST /verify}, {@code POST /settle},
 * {@code GET /supported}). A non-2xx answer whose JSON carries {@code isValid}/{@code success} is
 * a business answer, as the reference client treats it; anything else is a {@link Failure}.
 */
public final class FacilitatorClient {

    /** How a request failed: before anything was sent, by timeout, by an error status, or by a malformed answer. */
    public enum FailureKind { NOT_SENT, TIMEOUT, ERROR_STATUS, MALFORMED }

    public static final class Failure extends Exception {
        private final FailureKind kind;

        Failure(FailureKind kind, String message) {
            super(message, null, false, false);
            this.kind = kind;
        }

        public FailureKind kind() {
            return kind;
        }
    }

    private final FacilitatorEndpoint endpoint;
    private final AuthHeaders auth;
    private final JsonMapper json;
    private final HttpClient http;
    private final URI base;

    public FacilitatorClient(FacilitatorEndpoint endpoint, AuthHeaders auth, JsonMapper json) {
        this.endpoint = endpoint;
        this.auth = auth;
        this.json = json;
        String url = endpoint.getUrl().toString().replaceAll("/+$", "");
        this.base = URI.create(url + "/");
        this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).version(HttpClient.Version.HTTP_1_1).build();
    }

    public FacilitatorEndpoint endpoint() {
        return endpoint;
    }

    public Map<String, Object> verify(Map<String, Object> request) throws Failure {
        return post("verify", request, "isValid");
    }

    public Map<String, Object> settle(Map<String, Object> request) throws Failure {
        return post("settle", request, "success");
    }

    public Map<String, Object> supported() throws Failure {
        HttpRequest.Builder req = HttpRequest.newBuilder(base.resolve("supported")).timeout(endpoint.getTimeout()).GET();
        auth.headers(endpoint, "supported").forEach(req::header);
        HttpResponse<byte[]> response = send(req.build());
        if (response.statusCode() / 100 != 2) {
            throw new Failure(FailureKind.ERROR_STATUS, "/supported answered " + response.statusCode());
        }
        Map<String, Object> body = parse(response.body());
        if (body == null || !(body.get("kinds") instanceof java.util.List<?>)) {
            throw new Failure(FailureKind.MALFORMED, "/supported answered without a 'kinds' list");
        }
        return body;
    }

    private Map<String, Object> post(String operation, Map<String, Object> request, String verdictField) throws Failure {
        byte[] body;
        try {
            body = json.writeValueAsBytes(request);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        HttpRequest.Builder req = HttpRequest.newBuilder(base.resolve(operation)).timeout(endpoint.getTimeout())
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofByteArray(body));
        auth.headers(endpoint, operation).forEach(req::header);
        HttpResponse<byte[]> response = send(req.build());
        Map<String, Object> answer = parse(response.body());
        boolean hasVerdict = answer != null && answer.get(verdictField) instanceof Boolean;
        if (response.statusCode() / 100 == 2) {
            if (!hasVerdict) {
                throw new Failure(FailureKind.MALFORMED, "/" + operation + " answered " + response.statusCode()
                        + " without a boolean '" + verdictField + "'");
            }
            return answer;
        }
        if (hasVerdict && response.statusCode() / 100 == 4) {
            return answer;
        }
        throw new Failure(FailureKind.ERROR_STATUS, "/" + operation + " answered " + response.statusCode());
    }

    private HttpResponse<byte[]> send(HttpRequest request) throws Failure {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (HttpTimeoutException e) {
            if (e instanceof java.net.http.HttpConnectTimeoutException) {
                throw new Failure(FailureKind.NOT_SENT, "connect timeout");
            }
            throw new Failure(FailureKind.TIMEOUT, "no answer within " + endpoint.getTimeout());
        } catch (ConnectException e) {
            throw new Failure(FailureKind.NOT_SENT, "connection refused");
        } catch (IOException e) {
            throw new Failure(FailureKind.TIMEOUT, e.getClass().getSimpleName() + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Failure(FailureKind.TIMEOUT, "interrupted");
        }
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> parse(byte[] body) {
        if (body == null || body.length == 0) {
            return null;
        }
        try {
            Object parsed = json.readValue(body, Object.class);
            return parsed instanceof Map<?, ?> m ? (Map<String, Object>) m : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
