package dev.quipu.payment.x402;

import dev.quipu.proof.EvmSignature;
import dev.quipu.proof.Network;
import dev.quipu.proof.SignerRecovery;
import io.micronaut.json.JsonMapper;
import org.web3j.crypto.Credentials;
import org.web3j.utils.Numeric;

import java.math.BigInteger;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The client side of {@code exact} on EVM, as the reference client does it: sign a
 * TransferWithAuthorization for an advertised requirement ({@code validAfter = now - 600},
 * {@code validBefore = now + maxTimeoutSeconds}, random nonce) and wrap it in a v2 payload. Used by
 * {@code ./quipu pay}, tests and benchmarks with development keys only.
 */
public final class PaymentSigner {

    private final Credentials wallet;
    private final Eip3009Verifier hashing;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    public PaymentSigner(String privateKeyHex, JsonMapper json, Clock clock) {
        this.wallet = Credentials.create(privateKeyHex);
        this.hashing = new Eip3009Verifier(clock, 0, 0, SignerRecovery.pureJava());
        this.clock = clock;
    }

    public String address() {
        return wallet.getAddress();
    }

    /** A v2 PaymentPayload paying {@code accepted} with a fresh nonce. */
    public Map<String, Object> payV2(PaymentRequirements accepted, Map<String, Object> extensions) {
        byte[] nonce = new byte[32];
        random.nextBytes(nonce);
        long now = clock.instant().getEpochSecond();
        return payV2(accepted, extensions, BigInteger.valueOf(now - 600),
                BigInteger.valueOf(now + accepted.maxTimeoutSeconds()), Numeric.toHexString(nonce));
    }

    public Map<String, Object> payV2(PaymentRequirements accepted, Map<String, Object> extensions,
                                     BigInteger validAfter, BigInteger validBefore, String nonce) {
        Map<String, Object> auth = authorization(accepted, new BigInteger(accepted.amount()), validAfter, validBefore, nonce);
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("x402Version", 2);
        doc.put("accepted", accepted.toWire());
        doc.put("payload", Map.of("signature", sign(accepted, auth), "authorization", auth));
        if (extensions != null && !extensions.isEmpty()) {
            doc.put("extensions", extensions);
        }
        return doc;
    }

    /** The authorization fields as they go on the wire (decimal strings, hex nonce). */
    public Map<String, Object> authorization(PaymentRequirements accepted, BigInteger value, BigInteger validAfter,
                                             BigInteger validBefore, String nonce) {
        Map<String, Object> auth = new LinkedHashMap<>();
        auth.put("from", wallet.getAddress());
        auth.put("to", accepted.payTo());
        auth.put("value", value.toString());
        auth.put("validAfter", validAfter.toString());
        auth.put("validBefore", validBefore.toString());
        auth.put("nonce", nonce);
        return auth;
    }

    /** A 65-byte r‖s‖v signature (low s, v 27/28) over the authorization's EIP-712 digest. */
    public String sign(PaymentRequirements accepted, Map<String, Object> auth) {
        Network network = Network.byCaip2(accepted.network())
                .orElseThrow(() -> new IllegalArgumentException("unknown network " + accepted.network()));
        byte[] digest = hashing.digest((String) accepted.extra().get("name"), (String) accepted.extra().get("version"),
                network.chainId(), accepted.asset(), (String) auth.get("from"), (String) auth.get("to"),
                new BigInteger((String) auth.get("value")), new BigInteger((String) auth.get("validAfter")),
                new BigInteger((String) auth.get("validBefore")), (String) auth.get("nonce"));
        return EvmSignature.sign(digest, wallet.getEcKeyPair());
    }
}
