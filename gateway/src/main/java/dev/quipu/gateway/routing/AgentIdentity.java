package dev.quipu.gateway.routing;

import dev.quipu.contracts.validation.RequestValidator;
import jakarta.inject.Singleton;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Who is calling (ARCHITECTURE §4): body {@code agent_id}, else header {@code X-Agent-Id}, else the
 * paying wallet, else {@code ip:} and a salted hash of the client address, so that anonymous callers
 * still get a chain of their own without their address being stored.
 */
@Singleton
public class AgentIdentity {

    private final byte[] salt;

    public AgentIdentity(GatewayConfig config) {
        this.salt = config.identitySalt().getBytes(StandardCharsets.UTF_8);
    }

    public String resolve(Map<String, Object> body, String headerAgentId, String payer, String clientIp) {
        Object fromBody = body.get("agent_id");
        if (fromBody instanceof String s && RequestValidator.isValidAgentId(s)) {
            return s;
        }
        if (headerAgentId != null && RequestValidator.isValidAgentId(headerAgentId)) {
            return headerAgentId;
        }
        if (payer != null) {
            return payer.toLowerCase(java.util.Locale.ROOT);
        }
        return "ip:" + hashedAddress(clientIp);
    }

    /** A header agent id that is present but malformed is a 422, like a malformed body field. */
    public Optional<String> invalidHeader(String headerAgentId) {
        return headerAgentId != null && !RequestValidator.isValidAgentId(headerAgentId)
                ? Optional.of(headerAgentId) : Optional.empty();
    }

    private String hashedAddress(String clientIp) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(salt, "HmacSHA256"));
            byte[] digest = mac.doFinal(String.valueOf(clientIp).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 12);
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }
}
