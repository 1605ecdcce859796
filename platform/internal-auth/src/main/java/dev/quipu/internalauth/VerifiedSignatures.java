package dev.quipu.internalauth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jwt.SignedJWT;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.security.token.jwt.signature.SignatureConfiguration;
import jakarta.inject.Singleton;

import java.text.ParseException;
import java.time.Clock;
import java.util.Date;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Remembers the internal tokens whose ES256 signature one key already verified, until they expire. A
 * caller (the gateway, a composing service) presents the same token for minutes ({@link InternalTokens}
 * renews it before it expires), and verifying a P-256 signature costs about a millisecond of CPU: on a
 * backend answering thousands of calls a second that was most of the work (bench/registry, docs/benchmarks.md).
 * Only a success is remembered, by the token's exact bytes and per key set, so a token that verified once
 * verifies again; its claims (expiry, audience) are still checked on every request by the claim validators.
 */
@Singleton
public class VerifiedSignatures implements BeanCreatedEventListener<SignatureConfiguration> {

    /** Tokens remembered per key set; a full cache is emptied (live callers hold a handful of tokens each). */
    static final int CAPACITY = 4_096;

    @Override
    public SignatureConfiguration onCreated(BeanCreatedEvent<SignatureConfiguration> event) {
        return new Remembering(event.getBean(), Clock.systemUTC());
    }

    /** A signature configuration that verifies each token once while it is valid. */
    static final class Remembering implements SignatureConfiguration {
        private final SignatureConfiguration delegate;
        private final Clock clock;
        private final Map<String, Long> verifiedUntil = new ConcurrentHashMap<>();

        Remembering(SignatureConfiguration delegate, Clock clock) {
            this.delegate = delegate;
            this.clock = clock;
        }

        @Override
        public String supportedAlgorithmsMessage() {
            return delegate.supportedAlgorithmsMessage();
        }

        @Override
        public boolean supports(JWSAlgorithm algorithm) {
            return delegate.supports(algorithm);
        }

        @Override
        public boolean verify(SignedJWT jwt) throws JOSEException {
            String token = jwt.getParsedString();
            long now = clock.millis();
            Long until = token == null ? null : verifiedUntil.get(token);
            if (until != null && now < until) {
                return true;
            }
            boolean valid = delegate.verify(jwt);
            if (valid && token != null) {
                remember(token, expiry(jwt), now);
            }
            return valid;
        }

        private void remember(String token, Long expiresAt, long now) {
            if (expiresAt == null || expiresAt <= now) {
                return;
            }
            if (verifiedUntil.size() >= CAPACITY) {
                verifiedUntil.clear();
            }
            verifiedUntil.put(token, expiresAt);
        }

        private static Long expiry(SignedJWT jwt) {
            try {
                Date exp = jwt.getJWTClaimsSet().getExpirationTime();
                return exp == null ? null : exp.getTime();
            } catch (ParseException e) {
                return null;
            }
        }

        int remembered() {
            return verifiedUntil.size();
        }
    }
}
