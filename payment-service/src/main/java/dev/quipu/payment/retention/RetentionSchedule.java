package dev.quipu.payment.retention;

import io.micronaut.scheduling.annotation.Scheduled;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.SQLException;
import java.time.Clock;

/** Runs the {@link RetentionSweep} every {@code quipu.payments.retention.interval}. */
@Singleton
public class RetentionSchedule {

    private static final Logger LOG = LoggerFactory.getLogger(RetentionSchedule.class);

    private final RetentionSweep sweep;
    private final Clock clock;

    public RetentionSchedule(RetentionSweep sweep, Clock clock) {
        this.sweep = sweep;
        this.clock = clock;
    }

    @Scheduled(fixedDelay = "${quipu.payments.retention.interval:1h}", initialDelay = "1m")
    void run() {
        try {
            RetentionSweep.Swept swept = sweep.sweep(clock.instant());
            if (swept.total() > 0) {
                LOG.info("retention: deleted {}", swept);
            }
        } catch (SQLException e) {
            LOG.warn("retention sweep failed, retried at the next interval: {}", e.getMessage());
        }
    }
}
