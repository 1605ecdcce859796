package dev.quipu.audit.chain;

import dev.quipu.proof.PaymentProofCheck;
import io.micronaut.context.annotation.Bean;
import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.context.annotation.Factory;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.bind.annotation.Bindable;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * How verify checks payment proofs ({@code quipu.audit.proofs.*}).
 *
 * @param payTo the recipients the operator receives payments at ({@code QUIPU_AUDIT_PROOFS_PAY_TO},
 *              comma-separated); a proof paying anyone else fails with {@code pay_to}. Empty: the
 *              recipient the proof names is accepted (it is in the export for anyone to compare)
 * @param skew  tolerance on each end of an authorization's validity window
 * @param requiredFrom ISO-8601 instant from which proofs are required ({@code QUIPU_AUDIT_PROOFS_REQUIRED_FROM});
 *              paid links linked earlier without any proof are reported as {@code legacy} instead of
 *              failing verify. Empty: every paid link must prove its payment
 */
@ConfigurationProperties("quipu.audit.proofs")
public record ProofSettings(@Bindable(defaultValue = "") List<String> payTo,
                            @Bindable(defaultValue = "30s") Duration skew,
                            @Nullable String requiredFrom) {

    @Factory
    static class Checker {

        private static final Logger LOG = LoggerFactory.getLogger(ProofSettings.class);

        @Singleton
        @Bean(typed = ChainVerifier.ProofPolicy.class)
        ChainVerifier.ProofPolicy proofPolicy(ProofSettings settings) {
            PaymentProofCheck check = PaymentProofCheck.withFastestRecovery(settings.skew(), settings.payTo());
            Instant requiredFrom = settings.requiredFrom() == null || settings.requiredFrom().isBlank() ? null
                    : Instant.parse(settings.requiredFrom().strip());
            LOG.info("payment proofs: signer recovery {}, skew {} s, recipients {}, required {}", check.recoveryEngine(),
                    settings.skew().toSeconds(),
                    check.acceptedPayTo().isEmpty() ? "not pinned (QUIPU_AUDIT_PROOFS_PAY_TO)" : check.acceptedPayTo(),
                    requiredFrom == null ? "for every paid link" : "for paid links linked from " + requiredFrom);
            return new ChainVerifier.ProofPolicy(check, requiredFrom);
        }
    }
}
