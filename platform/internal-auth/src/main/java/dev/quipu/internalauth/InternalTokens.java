package dev.quipu.internalauth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Signs the short-lived tokens one process of the suite presents to the backends it calls: ES256,
 * {@code kid = iss = sub = } its identity, {@code aud} the service called, valid for
 * {@link #SERVICE_TTL}. A token is reused until a minute before it expires, so signing costs one
 * ECDSA signature per backend every few minutes, not one per call.
 */
public final class InternalTokens {

    /** How long a service's token is valid: short, so a leaked one is soon worthless. */
    public static final Duration SERVICE_TTL = Duration.ofMinutes(5);
    private static final Duration RENEW_BEFORE = Duration.ofMinutes(1);

    private final ECKey key;
    private final ECDSASigner signer;
    private final Clock clock;
    private final Map<String, Minted> byAudience = new ConcurrentHashMap<>();

    public InternalTokens(ECKey key, Clock clock) {
        this.key = key;
        this.clock = clock;
        try {
            this.signer = new ECDSASigner(key);
        } catch (JOSEException e) {
            throw new IllegalArgumentException("key " + key.getKeyID() + " cannot sign ES256: " + e.getMessage(), e);
        }
    }

    /** Who this process is (its key id). */
    public String identity() {
        return key.getKeyID();
    }

    /** The {@code Authorization} header value for a call to {@code audience} (a service name). */
    public String authorizationFor(String audience) {
        Instant now = clock.instant();
        Minted minted = byAudience.get(audience);
        if (minted == null || now.isAfter(minted.expires.minus(RENEW_BEFORE))) {
            minted = new Minted("Bearer " + mint(List.of(audience), SERVICE_TTL), now.plus(SERVICE_TTL));
            byAudience.put(audience, minted);
        }
        return minted.header;
    }

    /** A new token for {@code audiences}, valid for {@code ttl} from now. */
    public String mint(List<String> audiences, Duration ttl) {
        Instant now = clock.instant();
        JWTClaimsSet claims = new JWTClaimsSet.Builder()
                .issuer(identity())
                .subject(identity())
                .audience(audiences)
                .issueTime(Date.from(now))
                .notBeforeTime(Date.from(now.minusSeconds(30)))
                .expirationTime(Date.from(now.plus(ttl)))
                .jwtID(UUID.randomUUID().toString())
                .build();
        JWSHeader header = new JWSHeader.Builder(JWSAlgorithm.ES256).keyID(identity()).type(JOSEObjectType.JWT).build();
        SignedJWT jwt = new SignedJWT(header, claims);
        try {
            jwt.sign(signer);
        } catch (JOSEException e) {
            throw new IllegalStateException("ES256 signing failed: " + e.getMessage(), e);
        }
        return jwt.serialize();
    }

    private record Minted(String header, Instant expires) {
    }
}
