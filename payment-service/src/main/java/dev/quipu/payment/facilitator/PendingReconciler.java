package dev.quipu.payment.facilitator;

import dev.quipu.payment.admission.PaymentAdmission;
import io.micronaut.context.annotation.Requires;
import io.micronaut.scheduling.annotation.Scheduled;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.SQLException;

/** Periodically resolves {@code pending} settlements (facilitator mode only). */
@Singleton
@Requires(property = "quipu.payments.mode", value = "facilitator")
public class PendingReconciler {

    private static final Logger LOG = LoggerFactory.getLogger(PendingReconciler.class);

    private final PaymentAdmission admission;

    public PendingReconciler(PaymentAdmission admission) {
        this.admission = admission;
    }

    @Scheduled(fixedDelay = "${quipu.payments.reconcile-interval:30s}", initialDelay = "30s")
    void reconcile() {
        try {
            int resolved = admission.reconcilePending(50);
            if (resolved > 0) {
                LOG.info("{} pending settlements resolved", resolved);
            }
        } catch (SQLException e) {
            LOG.warn("pending settlements could not be reconciled: {}", e.getMessage());
        }
    }
}
