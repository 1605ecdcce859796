package dev.quipu.payment.ledger;

import java.math.BigInteger;
import java.util.UUID;

/** A payment row as stored. */
public record StoredPayment(UUID paymentId, String claimKey, String state, int x402Version, String network,
                            String asset, String payer, String payTo, BigInteger amountAtomic, String nonce,
                            Long validBefore, String operationId, String payloadJson, String requirementsJson,
                            String facilitator, String transaction, String reason, String paymentIdentifier) {
}
