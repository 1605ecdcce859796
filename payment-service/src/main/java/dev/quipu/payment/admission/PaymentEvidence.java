package dev.quipu.payment.admission;

import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.payment.ledger.StoredPayment;
import dev.quipu.proof.Network;
import io.micronaut.json.JsonMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * The {@code payment_proof} of a settled payment, built from what the claim stored: the requirement
 * the payer accepted and the payload exactly as presented (the decoded header), with the settlement
 * reference. It goes into the call event in the transaction that settles, so that audit-service,
 * reputation-service and anyone holding an export can check that the payer signed this payment.
 */
final class PaymentEvidence {

    /** Why a Solana proof cannot be checked offline (docs/audit-chain.md). */
    static final String SOLANA_UNVERIFIABLE = "a Solana exact payment is a partially signed transaction whose transfer and"
            + " signatures only the chain (or a facilitator) can check; payment-service verifies none of it locally";

    private PaymentEvidence() {
    }

    static CallCompleted.PaymentProof of(StoredPayment p, String transaction, JsonMapper json) {
        Map<?, ?> requirement = object(p.requirementsJson(), json);
        Map<?, ?> presented = object(p.payloadJson(), json);
        Map<?, ?> payload = presented.get("payload") instanceof Map<?, ?> m ? m : Map.of();
        String scheme = requirement.get("scheme") instanceof String s ? s : "exact";
        boolean evm = Network.byCaip2(p.network()).map(Network::evm).orElse(p.network().startsWith("eip155:"));
        CallCompleted.TransferAuthorization authorization = null;
        String signature = null;
        String solanaTransaction = null;
        String unverifiable = null;
        if (evm) {
            if (payload.get("authorization") instanceof Map<?, ?> a) {
                authorization = new CallCompleted.TransferAuthorization(text(a.get("from")), text(a.get("to")),
                        text(a.get("value")), text(a.get("validAfter")), text(a.get("validBefore")), text(a.get("nonce")));
            }
            signature = text(payload.get("signature"));
        } else {
            solanaTransaction = text(payload.get("transaction"));
            unverifiable = SOLANA_UNVERIFIABLE;
        }
        return new CallCompleted.PaymentProof(scheme, p.network(), p.asset(), p.payTo(), p.amountAtomic().toString(),
                authorization, signature, solanaTransaction, transaction, unverifiable);
    }

    private static Map<?, ?> object(String text, JsonMapper json) {
        if (text == null) {
            return Map.of();
        }
        try {
            return json.readValue(text, Map.class);
        } catch (IOException e) {
            throw new UncheckedIOException("a stored payment is not JSON", e);
        }
    }

    private static String text(Object value) {
        return value instanceof String s ? s : value == null ? null : value.toString();
    }
}
