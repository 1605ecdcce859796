package dev.quipu.testkit;

import dev.quipu.contracts.pricebook.Service;
import dev.quipu.internalauth.InternalTokens;
import dev.quipu.internalauth.SuiteKeys;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.env.Environment;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.MutableHttpRequest;
import io.micronaut.http.annotation.ClientFilter;
import io.micronaut.http.annotation.RequestFilter;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/**
 * In tests, every request of a Micronaut HTTP client carries the operator's token of the test suite
 * ({@link #KEYS}), as an operator's tools would, unless it already has an {@code Authorization}
 * header. Tests about refusals use a plain JDK client, which this filter never sees. Turn it off for
 * a test with {@code quipu.testkit.operator-credentials=false}.
 */
@ClientFilter("/**")
@Requires(env = Environment.TEST)
@Requires(property = "quipu.testkit.operator-credentials", notEquals = "false")
public class OperatorCredentials {

    /** The test suite's keys on the class path; see the README beside them. */
    public static final String KEYS = "dev/quipu/testkit/internal-auth/";
    /** The public set, as a Micronaut resource location for {@code jwks-static}. */
    public static final String PUBLIC_SET = "classpath:" + KEYS + SuiteKeys.PUBLIC_SET;

    private static final List<String> EVERY_SERVICE = Arrays.stream(Service.values()).map(Service::moduleName).toList();

    private final String header = "Bearer " + signer(SuiteKeys.OPERATOR).mint(EVERY_SERVICE, Duration.ofHours(6));

    @RequestFilter
    void sign(MutableHttpRequest<?> request) {
        if (!request.getHeaders().contains(HttpHeaders.AUTHORIZATION)) {
            request.header(HttpHeaders.AUTHORIZATION, header);
        }
    }

    /** Tokens signed with the test suite's key of {@code identity}. */
    public static InternalTokens signer(String identity) {
        try (InputStream in = OperatorCredentials.class.getClassLoader().getResourceAsStream(KEYS + identity + ".jwk")) {
            if (in == null) {
                throw new IllegalArgumentException("no test key for " + identity);
            }
            return new InternalTokens(SuiteKeys.parsePrivate(new String(in.readAllBytes(), StandardCharsets.UTF_8),
                    KEYS + identity + ".jwk"), Clock.systemUTC());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
