package dev.quipu.reputation.calls;

import dev.quipu.contracts.events.Topics;
import dev.quipu.reputation.stats.StatsFolder;
import dev.quipu.reputation.tiers.TierPublisher;
import io.micronaut.configuration.kafka.annotation.ErrorStrategy;
import io.micronaut.configuration.kafka.annotation.ErrorStrategyValue;
import io.micronaut.configuration.kafka.annotation.KafkaListener;
import io.micronaut.configuration.kafka.annotation.OffsetReset;
import io.micronaut.configuration.kafka.annotation.OffsetStrategy;
import io.micronaut.configuration.kafka.annotation.Topic;
import org.apache.kafka.clients.consumer.ConsumerRecord;

import java.io.IOException;
import java.sql.SQLException;
import java.util.List;

/**
 * Consumes {@code quipu.calls.v1} and {@code quipu.payments.v1} in batches: statistics and tiers
 * are folded in one transaction per batch, tier changes are published, and only then are offsets
 * committed. Failures are retried, never skipped; redelivery is harmless (idempotent on event id).
 */
@KafkaListener(groupId = "reputation-service", batch = true, offsetReset = OffsetReset.EARLIEST,
        offsetStrategy = OffsetStrategy.SYNC,
        errorStrategy = @ErrorStrategy(value = ErrorStrategyValue.RETRY_EXPONENTIALLY_ON_ERROR, retryCount = 20,
                retryDelay = "200ms"))
public class CallEventListener {

    private final StatsFolder stats;
    private final TierPublisher tiers;

    public CallEventListener(StatsFolder stats, TierPublisher tiers) {
        this.stats = stats;
        this.tiers = tiers;
    }

    @Topic(Topics.CALLS)
    void onCalls(List<ConsumerRecord<String, String>> records) throws SQLException, IOException {
        stats.foldCalls(records.stream().map(ConsumerRecord::value).toList());
        tiers.publishPending();
    }

    @Topic(Topics.PAYMENTS)
    void onPayments(List<ConsumerRecord<String, String>> records) throws SQLException, IOException {
        stats.foldPayments(records.stream().map(ConsumerRecord::value).toList());
        tiers.publishPending();
    }
}
