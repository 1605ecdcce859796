package dev.quipu.reputation.tiers;

/** Reputation tiers in order of standing, with their discount on the list price. */
public enum Tier {
    NEW(0), ACTIVE(0), VERIFIED(10), TRUSTED(20);

    private final int discountPct;

    Tier(int discountPct) {
        this.discountPct = discountPct;
    }

    public int discountPct() {
        return discountPct;
    }
}
