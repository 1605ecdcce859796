package dev.quipu.audit.calls;

import dev.quipu.audit.chain.ChainFolder;
import dev.quipu.audit.chain.LinkPublisher;
import dev.quipu.contracts.events.AuditLink;
import dev.quipu.contracts.events.Topics;
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
 * Consumes {@code quipu.calls.v1} in batches: each batch is folded into the chains in one
 * transaction, its links are published, and only then are the offsets committed. A database or
 * broker failure is retried rather than skipped, so no call is lost; redelivery is harmless because
 * the fold ignores an event id it already has (and republishes its link).
 */
@KafkaListener(groupId = "audit-service", batch = true, offsetReset = OffsetReset.EARLIEST,
        offsetStrategy = OffsetStrategy.SYNC,
        // one consumer per partition by default (quipu.audit.fold-threads), each folding batches of up to
        // max.poll.records events: a single consumer left a core idle while it waited for the database
        // and the broker in turn. Each agent keeps a single writer (the topic is keyed by agent).
        threadsValue = "${quipu.audit.fold-threads:3}",
        errorStrategy = @ErrorStrategy(value = ErrorStrategyValue.RETRY_EXPONENTIALLY_ON_ERROR, retryCount = 20,
                retryDelay = "200ms"))
public class CallEventListener {

    private final ChainFolder folder;
    private final LinkPublisher publisher;

    public CallEventListener(ChainFolder folder, LinkPublisher publisher) {
        this.folder = folder;
        this.publisher = publisher;
    }

    @Topic(Topics.CALLS)
    void onCalls(List<ConsumerRecord<String, String>> records) throws SQLException, IOException {
        List<AuditLink> links = folder.fold(records.stream().map(ConsumerRecord::value).toList());
        publisher.publish(links);
    }
}
