package dev.quipu.payment.admission;

/**
 * The tier discount of a wallet, in percent (VERIFIED 10, TRUSTED 20). Reputation-service will
 * provide the tiers; until it does, {@link NewTierOnly} answers 0 for every wallet (tier NEW).
 */
public interface TierDiscounts {

    int percentFor(String wallet);
}
