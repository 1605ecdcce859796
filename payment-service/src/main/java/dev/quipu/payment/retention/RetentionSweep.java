package dev.quipu.payment.retention;

import dev.quipu.payment.PaymentsConfig;
import dev.quipu.payment.streamaccess.StreamTrialConfig;
import io.micronaut.jdbc.DataSourceResolver;
import jakarta.inject.Singleton;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;

/**
 * Deletes what payment-service no longer needs, so that its database does not grow with every call:
 * outbox rows published longer than {@code keepPublished} ago, trial uses and free stream events
 * that have left their rolling window (they can never count again), and stream tokens expired longer
 * than {@code keepExpired} ago. Payments themselves (claims and the settlement ledger) are never
 * deleted: they are the record of what was charged and the guard against a second presentation.
 * Unpublished outbox rows are never deleted, however old.
 */
@Singleton
public class RetentionSweep {

    /** What one sweep deleted, per table. */
    public record Swept(int callEvents, int paymentEvents, int trialUses, int streamTrialEvents, int streamTokens) {
        public int total() {
            return callEvents + paymentEvents + trialUses + streamTrialEvents + streamTokens;
        }
    }

    private final DataSource dataSource;
    private final RetentionConfig retention;
    private final PaymentsConfig payments;
    private final StreamTrialConfig streamTrial;

    public RetentionSweep(DataSource dataSource, DataSourceResolver resolver, RetentionConfig retention,
                          PaymentsConfig payments, StreamTrialConfig streamTrial) {
        this.dataSource = resolver.resolve(dataSource);
        this.retention = retention;
        this.payments = payments;
        this.streamTrial = streamTrial;
    }

    public Swept sweep(Instant now) throws SQLException {
        Instant published = now.minus(retention.keepPublished());
        return new Swept(
                deleteAll("DELETE FROM call_outbox WHERE seq IN (SELECT seq FROM call_outbox "
                        + "WHERE published_at < ? ORDER BY seq LIMIT ?)", published),
                deleteAll("DELETE FROM payment_event_outbox WHERE seq IN (SELECT seq FROM payment_event_outbox "
                        + "WHERE published_at < ? ORDER BY seq LIMIT ?)", published),
                deleteAll("DELETE FROM trial_uses WHERE trial_id IN (SELECT trial_id FROM trial_uses "
                        + "WHERE used_at < ? LIMIT ?)", now.minus(payments.trialWindow())),
                deleteAll("DELETE FROM stream_trial_events WHERE event_id IN (SELECT event_id FROM stream_trial_events "
                        + "WHERE used_at < ? LIMIT ?)", now.minus(streamTrial.window())),
                deleteAll("DELETE FROM stream_tokens WHERE token_hash IN (SELECT token_hash FROM stream_tokens "
                        + "WHERE expires_at < ? LIMIT ?)", now.minus(retention.keepExpired())));
    }

    /** Runs one batched delete until a batch comes back short; each batch commits on its own. */
    private int deleteAll(String sql, Instant before) throws SQLException {
        int total = 0;
        try (Connection c = dataSource.getConnection(); PreparedStatement st = c.prepareStatement(sql)) {
            st.setTimestamp(1, Timestamp.from(before));
            st.setInt(2, retention.batchSize());
            int deleted;
            do {
                deleted = st.executeUpdate();
                total += deleted;
            } while (deleted == retention.batchSize());
        }
        return total;
    }
}
