package dev.quipu.payment.admission;

import dev.quipu.payment.ledger.StoredPayment;
import dev.quipu.payment.x402.PaymentPayload;
import dev.quipu.payment.x402.PaymentRequirements;
import dev.quipu.payment.x402.Reasons;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The embedded default: payments are fully verified locally and settled into the ledger table, with
 * a deterministic reference (SHA-256 of the claim key), never on a chain. An authorization that
 * expired while the backend worked fails here as it would on chain.
 */
@Singleton
@Requires(property = "quipu.payments.mode", notEquals = "facilitator")
public class LocalSettlement implements Settlement {

    private final Clock clock;

    public LocalSettlement(Clock clock) {
        this.clock = clock;
    }

    @Override
    public String mode() {
        return "local";
    }

    @Override
    public boolean settlesInPlace() {
        return true;
    }

    @Override
    public boolean acceptsDeferred() {
        return false;
    }

    @Override
    public String verify(PaymentPayload payload, PaymentRequirements requirements) {
        return "local";
    }

    @Override
    public Outcome settle(StoredPayment payment) {
        if (payment.validBefore() != null && clock.instant().getEpochSecond() >= payment.validBefore()) {
            return new Outcome(Outcome.Status.FAILED, "", Reasons.VALID_BEFORE,
                    "the authorization expired before it could be settled", true);
        }
        return new Outcome(Outcome.Status.SETTLED, reference(payment.claimKey()), null, null, true);
    }

    /** {@code 0x} + SHA-256 of the claim key: the same authorization always gets the same reference. */
    public static String reference(String claimKey) {
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(("quipu-local-ledger|" + claimKey).getBytes(StandardCharsets.UTF_8));
            return "0x" + HexFormat.of().formatHex(h);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public Map<String, Object> health() {
        Map<String, Object> h = new LinkedHashMap<>();
        h.put("mode", "local");
        h.put("settlement", "ledger");
        return h;
    }
}
