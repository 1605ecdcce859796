package dev.quipu.internalauth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import io.micronaut.security.token.jwt.signature.SignatureConfiguration;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Date;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A token's signature is verified once per key while the token is valid; nothing else is remembered. */
class VerifiedSignaturesTest {

    private static final Instant NOW = Instant.parse("2026-11-24T19:00:00Z");

    private final ECKey key = generate();
    private final AtomicInteger verifications = new AtomicInteger();
    private final SignatureConfiguration counting = new SignatureConfiguration() {
        @Override
        public String supportedAlgorithmsMessage() {
            return "ES256";
        }

        @Override
        public boolean supports(JWSAlgorithm algorithm) {
            return JWSAlgorithm.ES256.equals(algorithm);
        }

        @Override
        public boolean verify(SignedJWT jwt) throws JOSEException {
            verifications.incrementAndGet();
            return jwt.verify(new ECDSAVerifier(key.toECPublicKey()));
        }
    };

    @Test
    void aTokenVerifiedOnceIsNotVerifiedAgainWhileItIsValid() throws Exception {
        VerifiedSignatures.Remembering remembering = new VerifiedSignatures.Remembering(counting, clockAt(NOW));
        String token = sign(key, NOW.plusSeconds(300));

        assertTrue(remembering.verify(SignedJWT.parse(token)));
        assertTrue(remembering.verify(SignedJWT.parse(token)));

        assertEquals(1, verifications.get());
    }

    @Test
    void aTokenThatFailsIsVerifiedEveryTime() throws Exception {
        VerifiedSignatures.Remembering remembering = new VerifiedSignatures.Remembering(counting, clockAt(NOW));
        String foreign = sign(generate(), NOW.plusSeconds(300));

        assertFalse(remembering.verify(SignedJWT.parse(foreign)));
        assertFalse(remembering.verify(SignedJWT.parse(foreign)));

        assertEquals(2, verifications.get());
    }

    @Test
    void anExpiredTokenIsVerifiedAgain() throws Exception {
        String token = sign(key, NOW.plusSeconds(60));
        new VerifiedSignatures.Remembering(counting, clockAt(NOW)).verify(SignedJWT.parse(token));
        VerifiedSignatures.Remembering later = new VerifiedSignatures.Remembering(counting, clockAt(NOW.plusSeconds(61)));

        later.verify(SignedJWT.parse(token));

        assertEquals(2, verifications.get());
    }

    @Test
    void aTokenWithAnotherSignatureIsNotTakenForTheRememberedOne() throws Exception {
        VerifiedSignatures.Remembering remembering = new VerifiedSignatures.Remembering(counting, clockAt(NOW));
        String token = sign(key, NOW.plusSeconds(300));
        remembering.verify(SignedJWT.parse(token));
        String[] parts = token.split("\\.");
        String forged = parts[0] + "." + parts[1] + "." + sign(generate(), NOW.plusSeconds(300)).split("\\.")[2];

        assertFalse(remembering.verify(SignedJWT.parse(forged)));
    }

    private static String sign(ECKey key, Instant expires) throws JOSEException {
        SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.ES256),
                new JWTClaimsSet.Builder().subject("gateway").expirationTime(Date.from(expires)).build());
        jwt.sign(new ECDSASigner(key));
        return jwt.serialize();
    }

    private static Clock clockAt(Instant instant) {
        return Clock.fixed(instant, ZoneOffset.UTC);
    }

    private static ECKey generate() {
        try {
            return new ECKeyGenerator(Curve.P_256).generate();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }
}
