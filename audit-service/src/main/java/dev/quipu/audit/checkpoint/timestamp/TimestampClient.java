package dev.quipu.audit.checkpoint.timestamp;

import jakarta.inject.Singleton;
import org.bouncycastle.asn1.nist.NISTObjectIdentifiers;
import org.bouncycastle.tsp.TimeStampRequest;
import org.bouncycastle.tsp.TimeStampRequestGenerator;
import org.bouncycastle.tsp.TimeStampResponse;
import org.bouncycastle.tsp.TimeStampToken;

import java.math.BigInteger;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Asks RFC 3161 time-stamp authorities for a token over a checkpoint's signed statement: a
 * TimeStampReq with a SHA-256 imprint, a random 64-bit nonce and certReq, POSTed as
 * {@code application/timestamp-query} to each configured URL in turn until one answers with a granted
 * response whose imprint and nonce match and whose token verifies with the certificate inside it.
 */
@Singleton
public class TimestampClient {

    private final TimestampConfig config;
    private final HttpClient http;
    private final SecureRandom random = new SecureRandom();

    public TimestampClient(TimestampConfig config) {
        this.config = config;
        this.http = HttpClient.newBuilder().connectTimeout(config.timeoutOrDefault()).followRedirects(HttpClient.Redirect.NEVER).build();
    }

    /** A token as kept beside a checkpoint. */
    public record Stamp(String url, byte[] token, Instant genTime) {
    }

    /** Every TSA failed; {@code failures} says why, one per URL. */
    public static final class TimestampFailure extends Exception {
        public TimestampFailure(List<String> failures) {
            super(String.join("; ", failures));
        }
    }

    public boolean enabled() {
        return !config.tsaUrls().isEmpty();
    }

    /** A validated token over the statement from the first TSA that gives one. */
    public Stamp stamp(String signedStatement) throws TimestampFailure {
        List<String> failures = new ArrayList<>();
        for (String url : config.tsaUrls()) {
            try {
                return stampAt(url, signedStatement);
            } catch (Exception e) {
                failures.add(url + ": " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
            }
        }
        throw new TimestampFailure(failures.isEmpty() ? List.of("no TSA configured") : failures);
    }

    private Stamp stampAt(String url, String statement) throws Exception {
        TimeStampRequestGenerator gen = new TimeStampRequestGenerator();
        gen.setCertReq(true);
        BigInteger nonce = new BigInteger(64, random);
        TimeStampRequest request = gen.generate(NISTObjectIdentifiers.id_sha256, TimestampTokens.imprint(statement), nonce);
        HttpResponse<byte[]> answer = http.send(HttpRequest.newBuilder(URI.create(url)).timeout(config.timeoutOrDefault())
                .header("Content-Type", "application/timestamp-query").header("Accept", "application/timestamp-reply")
                .POST(HttpRequest.BodyPublishers.ofByteArray(request.getEncoded())).build(), HttpResponse.BodyHandlers.ofByteArray());
        if (answer.statusCode() != 200) {
            throw new IllegalStateException("HTTP " + answer.statusCode());
        }
        TimeStampResponse response = new TimeStampResponse(answer.body());
        // status granted (or granted with mods), imprint, nonce and certReq honoured, else TSPValidationException
        response.validate(request);
        TimeStampToken token = response.getTimeStampToken();
        byte[] der = token.getEncoded();
        TimestampTokens.Check check = TimestampTokens.check(der, statement, null);
        if (!check.valid()) {
            throw new IllegalStateException(check.reason());
        }
        return new Stamp(url, der, check.genTime());
    }
}
