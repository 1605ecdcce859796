package dev.quipu.reputation.budget;

import org.erdtman.jcs.JsonCanonicalizer;
import org.web3j.crypto.Keys;
import org.web3j.crypto.Sign;
import org.web3j.utils.Numeric;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.SignatureException;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * EIP-191 ({@code personal_sign}) signatures over a budget request. The signed message is
 * {@code "quipu-budget-v1\n" + JCS({agent_id, limit_usdc, period, timestamp})}, so the wallet
 * commits to every field and to the time.
 */
public final class WalletSignatures {

    public static final String PREFIX = "quipu-budget-v1\n";

    private WalletSignatures() {
    }

    public static String message(String agentId, String limitUsdc, String period, String timestamp) {
        StringBuilder json = new StringBuilder("{");
        Map<String, String> fields = new java.util.TreeMap<>(Map.of("agent_id", agentId, "limit_usdc", limitUsdc,
                "period", period, "timestamp", timestamp));
        fields.forEach((k, v) -> {
            if (json.length() > 1) {
                json.append(',');
            }
            json.append('"').append(k).append("\":\"").append(v.replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
        });
        try {
            return PREFIX + new JsonCanonicalizer(json.append('}').toString()).getEncodedString();
        } catch (IOException e) {
            throw new IllegalStateException("a flat object of strings is always JSON", e);
        }
    }

    /** The lower-case 0x address that produced {@code signatureHex} over {@code message}, if it is a valid signature. */
    public static Optional<String> signer(String message, String signatureHex) {
        try {
            byte[] sig = Numeric.hexStringToByteArray(signatureHex);
            if (sig.length != 65) {
                return Optional.empty();
            }
            byte v = sig[64];
            if (v < 27) {
                v += 27;
            }
            Sign.SignatureData data = new Sign.SignatureData(v, Arrays.copyOfRange(sig, 0, 32), Arrays.copyOfRange(sig, 32, 64));
            BigInteger key = Sign.signedPrefixedMessageToKey(message.getBytes(StandardCharsets.UTF_8), data);
            return Optional.of("0x" + Keys.getAddress(key).toLowerCase(Locale.ROOT));
        } catch (SignatureException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
