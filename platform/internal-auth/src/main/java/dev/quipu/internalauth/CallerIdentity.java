package dev.quipu.internalauth;

import com.nimbusds.jwt.JWT;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.token.jwt.validator.DefaultJwtAuthenticationFactory;
import io.micronaut.security.token.jwt.validator.JwtAuthenticationFactory;
import jakarta.inject.Singleton;

import java.text.ParseException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Turns a token whose signature, audience and lifetime micronaut-security-jwt has already checked
 * into the caller's identity. The public set holds one key per identity and the signature was checked
 * with the key its {@code kid} names, so the identity is the {@code kid}; a token whose issuer claims
 * another identity than the key that signed it is refused. The identity is also the caller's only
 * role, which the route rules ({@code micronaut.security.intercept-url-map}) name.
 */
@Singleton
@Replaces(DefaultJwtAuthenticationFactory.class)
public class CallerIdentity implements JwtAuthenticationFactory {

    /**
     * The header in which the gateway passes a public caller's own {@code Authorization} on to a
     * backend, whose {@code Authorization} is the gateway's credential (docs/security.md).
     */
    public static final String CALLER_AUTHORIZATION = "X-Caller-Authorization";

    @Override
    public Optional<Authentication> createAuthentication(JWT token) {
        if (!(token instanceof SignedJWT signed)) {
            return Optional.empty();
        }
        String keyId = signed.getHeader().getKeyID();
        JWTClaimsSet claims;
        try {
            claims = token.getJWTClaimsSet();
        } catch (ParseException e) {
            return Optional.empty();
        }
        if (keyId == null || !keyId.equals(claims.getIssuer()) || !keyId.equals(claims.getSubject())) {
            return Optional.empty();
        }
        return Optional.of(Authentication.build(keyId, List.of(keyId), Map.of("iss", keyId)));
    }
}
