package dev.quipu.payment;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;

import java.time.Duration;

/**
 * Payment settings ({@code quipu.payments.*}); see docs/payments.md.
 *
 * @param mode                {@code local} (verify here, settle into the ledger) or {@code facilitator}
 * @param evmNetwork          CAIP-2 id of the EVM network advertised ({@code eip155:8453} Base)
 * @param evmPayTo            recipient wallet on the EVM network
 * @param solanaNetwork       CAIP-2 id of the Solana network advertised
 * @param solanaPayTo         recipient wallet on Solana
 * @param solanaFeePayer      fee payer advertised for Solana when no facilitator's /supported names one
 * @param maxTimeoutSeconds   {@code maxTimeoutSeconds} of every requirement
 * @param settleMarginSeconds an authorization must stay valid at least this long (6 s, as the reference)
 * @param skewSeconds         clock tolerance on {@code validBefore <= now + maxTimeoutSeconds}
 * @param maxHeaderChars      longest payment header decoded
 * @param trialCalls          trial calls per endpoint per client IP per {@code trialWindow}
 * @param trialWindow         the rolling trial window
 * @param streamTokenTtl      how long a stream token stays valid
 * @param ipSalt              salt of the hashed client address stored for trials
 */
@ConfigurationProperties("quipu.payments")
public record PaymentsConfig(@Bindable(defaultValue = "local") String mode,
                             @Bindable(defaultValue = "eip155:8453") String evmNetwork,
                             String evmPayTo,
                             @Bindable(defaultValue = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp") String solanaNetwork,
                             String solanaPayTo,
                             String solanaFeePayer,
                             @Bindable(defaultValue = "60") int maxTimeoutSeconds,
                             @Bindable(defaultValue = "6") int settleMarginSeconds,
                             @Bindable(defaultValue = "30") int skewSeconds,
                             @Bindable(defaultValue = "8192") int maxHeaderChars,
                             @Bindable(defaultValue = "5") int trialCalls,
                             @Bindable(defaultValue = "24h") Duration trialWindow,
                             @Bindable(defaultValue = "5m") Duration streamTokenTtl,
                             @Bindable(defaultValue = "quipu-dev-salt") String ipSalt) {

    public boolean facilitatorMode() {
        return "facilitator".equalsIgnoreCase(mode);
    }
}
