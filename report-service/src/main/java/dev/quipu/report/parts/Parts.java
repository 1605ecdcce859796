package dev.quipu.report.parts;

import dev.quipu.contracts.events.DataVersions;
import dev.quipu.internalauth.InternalTokens;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.type.Argument;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.client.exceptions.HttpClientException;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;

/**
 * The services a report is composed of, each answer kept with its bytes' SHA-256. A part that does not
 * answer with data (unreachable, timing out, 5xx, or any status but 200) is {@link PartUnavailable}:
 * no verdict is built without it.
 */
@Singleton
public class Parts {

    public static final String SANCTIONS = "sanctions-service";
    public static final String REGISTRY = "registry-service";
    public static final String RATES = "rates-service";
    private static final Argument<Map<String, Object>> JSON_OBJECT = Argument.mapOf(String.class, Object.class);

    private final SanctionsClient sanctions;
    private final RegistryClient registry;
    private final RatesClient rates;
    private final InternalTokens tokens;
    private final JsonMapper json;

    /** @param tokens this service's signing key; absent when QUIPU_INTERNAL_AUTH_KEY is unset (then no part can be asked) */
    public Parts(SanctionsClient sanctions, RegistryClient registry, RatesClient rates, @Nullable InternalTokens tokens,
                 JsonMapper json) {
        this.sanctions = sanctions;
        this.registry = registry;
        this.rates = rates;
        this.tokens = tokens;
        this.json = json;
    }

    /** {@code POST /sanctions} on every list. */
    public PartAnswer sanctions(Map<String, Object> request) {
        return call(SANCTIONS, () -> sanctions.screen(request, token(SANCTIONS)));
    }

    /** {@code POST /wallet/screen} on sanctions-service. */
    public PartAnswer wallet(Map<String, Object> request) {
        return call(SANCTIONS, () -> sanctions.wallet(request, token(SANCTIONS)));
    }

    /** {@code POST /rates} on rates-service (a 503 there means no rate of the country can be served). */
    public PartAnswer rates(Map<String, Object> request) {
        return call(RATES, () -> rates.rates(request, token(RATES)));
    }

    private String token(String part) {
        if (tokens == null) {
            throw new PartUnavailable(part, "report-service has no key to call " + part + " (QUIPU_INTERNAL_AUTH_KEY)", 300);
        }
        return tokens.authorizationFor(part);
    }

    private PartAnswer call(String part, java.util.function.Supplier<HttpResponse<byte[]>> request) {
        HttpResponse<byte[]> response;
        try {
            response = request.get();
        } catch (HttpClientResponseException e) {
            throw new PartUnavailable(part, part + " answered " + e.getStatus().getCode(),
                    retryAfter(e.getResponse().getHeaders().get("Retry-After")));
        } catch (HttpClientException e) {
            throw new PartUnavailable(part, part + " could not be reached (" + e.getClass().getSimpleName() + ")", 30);
        }
        return answer(part, response);
    }

    /** A registry lookup: found, or known to no source (a finding for the report, not a failure). */
    public sealed interface RegistryAnswer permits Found, NotFound, Refused {
    }

    /** The registry's record. */
    public record Found(PartAnswer answer) implements RegistryAnswer {
    }

    /** The registry's 404, with the sources it asked. */
    public record NotFound(PartAnswer answer) implements RegistryAnswer {
    }

    /** The registry's 422 for the identifier (a malformed tax id), passed on to the caller as it is. */
    public record Refused(byte[] body) implements RegistryAnswer {
    }

    /** {@code POST /entity} on registry-service; 503 and unreachable are {@link PartUnavailable}. */
    public RegistryAnswer entity(Map<String, Object> request) {
        String authorization = token(REGISTRY);
        try {
            return new Found(answer(REGISTRY, registry.entity(request, authorization)));
        } catch (HttpClientResponseException e) {
            int status = e.getStatus().getCode();
            byte[] body = e.getResponse().getBody(byte[].class).orElse(new byte[0]);
            if (status == 404) {
                return new NotFound(parsed(REGISTRY, body, e.getResponse().getHeaders().get(DataVersions.HEADER)));
            }
            if (status == 422) {
                return new Refused(body);
            }
            throw new PartUnavailable(REGISTRY, "registry-service answered " + status,
                    retryAfter(e.getResponse().getHeaders().get("Retry-After")));
        } catch (HttpClientException e) {
            throw new PartUnavailable(REGISTRY, "registry-service could not be reached (" + e.getClass().getSimpleName() + ")", 30);
        }
    }

    private PartAnswer parsed(String part, byte[] body, String versions) {
        try {
            return new PartAnswer(part, json.readValue(body, JSON_OBJECT), versions, sha256(body));
        } catch (IOException e) {
            throw new PartUnavailable(part, part + " answered with unreadable JSON", 30);
        }
    }

    private PartAnswer answer(String part, HttpResponse<byte[]> response) {
        byte[] body = response.body();
        if (response.getStatus().getCode() != 200 || body == null) {
            throw new PartUnavailable(part, part + " answered " + response.getStatus().getCode() + " without data", 30);
        }
        try {
            return new PartAnswer(part, json.readValue(body, JSON_OBJECT),
                    response.getHeaders().get(DataVersions.HEADER), sha256(body));
        } catch (IOException e) {
            throw new PartUnavailable(part, part + " answered with unreadable JSON", 30);
        }
    }

    static long retryAfter(String header) {
        try {
            return header == null ? 30 : Math.max(1, Long.parseLong(header.trim()));
        } catch (NumberFormatException e) {
            return 30;
        }
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
