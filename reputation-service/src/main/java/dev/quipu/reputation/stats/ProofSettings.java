package dev.quipu.reputation.stats;

import dev.quipu.proof.PaymentProofCheck;
import io.micronaut.context.annotation.Bean;
import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.context.annotation.Factory;
import io.micronaut.core.bind.annotation.Bindable;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;

/**
 * How paid events are held to their proofs ({@code quipu.reputation.proofs.*}).
 *
 * @param payTo the recipients the operator receives payments at ({@code QUIPU_REPUTATION_PROOFS_PAY_TO},
 *              comma-separated); a paid event whose proof pays anyone else does not count. Empty: the
 *              recipient the proof names is accepted
 * @param skew  tolerance on each end of an authorization's validity window
 */
@ConfigurationProperties("quipu.reputation.proofs")
public record ProofSettings(@Bindable(defaultValue = "") List<String> payTo,
                            @Bindable(defaultValue = "30s") Duration skew) {

    @Factory
    static class Checker {

        private static final Logger LOG = LoggerFactory.getLogger(ProofSettings.class);

        @Singleton
        @Bean(typed = PaymentProofCheck.class)
        PaymentProofCheck paymentProofCheck(ProofSettings settings) {
            PaymentProofCheck check = PaymentProofCheck.withFastestRecovery(settings.skew(), settings.payTo());
            LOG.info("payment proofs: signer recovery {}, skew {} s, recipients {}", check.recoveryEngine(),
                    settings.skew().toSeconds(),
                    check.acceptedPayTo().isEmpty() ? "not pinned (QUIPU_REPUTATION_PROOFS_PAY_TO)" : check.acceptedPayTo());
            return check;
        }
    }
}
