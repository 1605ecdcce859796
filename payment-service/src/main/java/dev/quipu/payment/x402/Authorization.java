package dev.quipu.payment.x402;

import java.math.BigInteger;

/**
 * A checked EIP-3009 {@code TransferWithAuthorization}.
 *
 * @param deferred true when the signature could not be checked here (a smart-wallet signature longer
 *                 than 65 bytes) and only a facilitator can decide
 */
public record Authorization(String from, String to, BigInteger value, BigInteger validAfter, BigInteger validBefore,
                            String nonce, String signature, boolean deferred) {
}
