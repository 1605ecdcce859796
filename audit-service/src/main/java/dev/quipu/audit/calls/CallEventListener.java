package dev.quipu.audit.calls;

import dev.quipu.contracts.events.Topics;
import io.micronaut.configuration.kafka.annotation.ErrorStrategy;
import io.micronaut.configuration.kafka.annotation.ErrorStrategyValue;
import io.micronaut.configuration.kafka.annotation.KafkaListener;
import io.micronaut.configuration.kafka.annotation.OffsetReset;
import io.micronaut.configuration.kafka.annotation.OffsetStrategy;
import io.micronaut.configuration.kafka.annotation.Topic;
import org.apache.kafka.clients.consumer.ConsumerRecord;

import java.sql.SQLException;

/**
 * Consumes {@code quipu.calls.v1}. Offsets are committed only after the event is stored, and a
 * database failure is retried rather than skipped, so no call is lost; redelivery is harmless
 * because {@link CallEventStore} ignores an event id it already has.
 */
@KafkaListener(groupId = "audit-service", offsetReset = OffsetReset.EARLIEST, offsetStrategy = OffsetStrategy.SYNC_PER_RECORD,
        errorStrategy = @ErrorStrategy(value = ErrorStrategyValue.RETRY_EXPONENTIALLY_ON_ERROR, retryCount = 20,
                retryDelay = "200ms"))
public class CallEventListener {

    private final CallEventStore store;

    public CallEventListener(CallEventStore store) {
        this.store = store;
    }

    @Topic(Topics.CALLS)
    void onCall(ConsumerRecord<String, String> record) throws SQLException {
        store.accept(record.value());
    }
}
