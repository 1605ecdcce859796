package dev.quipu.gateway.tiers;

/**
 * The reputation discount of a wallet, for the paywall's price quotes. A wallet's tier is the tier
 * of the agent id that is its lower-case address; an unknown wallet is NEW (no discount).
 */
public interface TierDiscounts {

    /** Discount in percent (0, 10 or 20) for the wallet {@code 0x…} (any case). */
    int discountPct(String wallet);

    /** Tier name of an agent id: NEW, ACTIVE, VERIFIED or TRUSTED. */
    String tierOf(String agentId);

    /** {@code priceAtomic} after the wallet's discount, rounded down to whole atomic units. */
    default long discountedAtomic(String wallet, long priceAtomic) {
        return priceAtomic * (100 - discountPct(wallet)) / 100;
    }
}
