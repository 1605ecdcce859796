package dev.quipu.reputation.tiers;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What each tier asks. Standing is earned by settled paid calls over time and lost by payment
 * failures: a young or recently failing wallet does not get a discount however many calls it
 * makes in an afternoon. Evaluated at the time of the agent's latest event, so a replay of the
 * stream gives the same tiers.
 */
public final class TierPolicy {

    /** The requirements of one tier; the tier's discount comes from {@link Tier}. */
    @Serdeable(naming = SnakeCaseStrategy.class)
    public record Requirements(Tier tier, int discountPct, long minPaidCalls, int minAgeDays,
                               int noPaymentFailureDays, String description) {
    }

    /** The facts a tier depends on. */
    public record Standing(long paidCalls, Instant firstSeen, @Nullable Instant lastPaymentFailureAt) {
    }

    /** What is still missing for a tier. */
    @Serdeable(naming = SnakeCaseStrategy.class)
    public record Progress(Tier tier, int discountPct, long paidCallsNeeded, long daysOfHistoryNeeded,
                           long daysWithoutPaymentFailureNeeded, List<String> missing) {
    }

    public static final List<Requirements> TIERS = List.of(
            new Requirements(Tier.NEW, 0, 0, 0, 0, "Every agent starts here; list prices."),
            new Requirements(Tier.ACTIVE, 0, 10, 0, 0, "10 settled paid calls."),
            new Requirements(Tier.VERIFIED, 10, 50, 7, 7,
                    "50 settled paid calls, first seen at least 7 days ago, no payment failure in the last 7 days; 10% off."),
            new Requirements(Tier.TRUSTED, 20, 200, 30, 30,
                    "200 settled paid calls, first seen at least 30 days ago, no payment failure in the last 30 days; 20% off."));

    private TierPolicy() {
    }

    public static Tier evaluate(Standing s, Instant at) {
        Tier tier = Tier.NEW;
        for (Requirements r : TIERS) {
            if (meets(s, r, at)) {
                tier = r.tier();
            }
        }
        return tier;
    }

    /** Progress towards the tier above {@code current}, or null at the top. */
    public static @Nullable Progress next(Tier current, Standing s, Instant at) {
        if (current.ordinal() + 1 >= TIERS.size()) {
            return null;
        }
        Requirements r = TIERS.get(current.ordinal() + 1);
        long calls = Math.max(0, r.minPaidCalls() - s.paidCalls());
        long age = s.firstSeen() == null ? r.minAgeDays()
                : Math.max(0, r.minAgeDays() - Duration.between(s.firstSeen(), at).toDays());
        long clean = 0;
        if (r.noPaymentFailureDays() > 0 && s.lastPaymentFailureAt() != null) {
            clean = Math.max(0, r.noPaymentFailureDays() - Duration.between(s.lastPaymentFailureAt(), at).toDays());
        }
        List<String> missing = new ArrayList<>();
        if (calls > 0) {
            missing.add(calls + " more settled paid calls");
        }
        if (age > 0) {
            missing.add(age + " more days of history");
        }
        if (clean > 0) {
            missing.add(clean + " more days without a payment failure");
        }
        return new Progress(r.tier(), r.discountPct(), calls, age, clean, missing);
    }

    private static boolean meets(Standing s, Requirements r, Instant at) {
        if (s.paidCalls() < r.minPaidCalls()) {
            return false;
        }
        if (r.minAgeDays() > 0 && (s.firstSeen() == null || Duration.between(s.firstSeen(), at).compareTo(Duration.ofDays(r.minAgeDays())) < 0)) {
            return false;
        }
        return r.noPaymentFailureDays() == 0 || s.lastPaymentFailureAt() == null
                || Duration.between(s.lastPaymentFailureAt(), at).compareTo(Duration.ofDays(r.noPaymentFailureDays())) >= 0;
    }
}
