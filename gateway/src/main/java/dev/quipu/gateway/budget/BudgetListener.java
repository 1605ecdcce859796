package dev.quipu.gateway.budget;

import dev.quipu.contracts.events.BudgetChanged;
import dev.quipu.contracts.events.Topics;
import io.micronaut.configuration.kafka.ConsumerAware;
import io.micronaut.configuration.kafka.annotation.KafkaListener;
import io.micronaut.configuration.kafka.annotation.OffsetReset;
import io.micronaut.configuration.kafka.annotation.Topic;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.json.JsonMapper;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Replays {@code quipu.budgets.v1} from the beginning into the {@link BudgetDirectory}, in a group of
 * its own per gateway instance (as {@code TierListener} does), and tells the directory when it has
 * read every partition up to the end offset it had at the first assignment. Batches, so that the
 * position reached is checked only once every record of a poll has been applied.
 */
@Requires(property = "kafka.enabled", notEquals = "false")
@KafkaListener(groupId = "gateway-budgets", uniqueGroupId = true, offsetReset = OffsetReset.EARLIEST, batch = true,
        properties = @Property(name = ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, value = "false"))
public class BudgetListener implements ConsumerRebalanceListener, ConsumerAware<String, String> {

    private static final Logger LOG = LoggerFactory.getLogger(BudgetListener.class);

    private final BudgetDirectory directory;
    private final JsonMapper json;
    /** End offsets at the first assignment of each partition; used on the consumer's thread only. */
    private final Map<TopicPartition, Long> startEnds = new HashMap<>();
    private Consumer<String, String> consumer;

    public BudgetListener(BudgetDirectory directory, JsonMapper json) {
        this.directory = directory;
        this.json = json;
    }

    @Override
    public void setKafkaConsumer(@NonNull Consumer<String, String> consumer) {
        this.consumer = consumer;
    }

    @Topic(Topics.BUDGETS)
    void onBudgets(List<ConsumerRecord<String, String>> records) {
        for (ConsumerRecord<String, String> record : records) {
            try {
                directory.apply(json.readValue(record.value(), BudgetChanged.class));
            } catch (IOException | RuntimeException e) {
                LOG.warn("unreadable budget change skipped: {}", e.getMessage());
            }
        }
        checkCaughtUp();
    }

    @Override
    public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
        List<TopicPartition> fresh = partitions.stream().filter(p -> !startEnds.containsKey(p)).toList();
        if (!fresh.isEmpty()) {
            startEnds.putAll(consumer.endOffsets(fresh));
        }
        checkCaughtUp(); // an empty topic is caught up without any record
    }

    @Override
    public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
        // a unique group owns every partition; whatever was read stays in the directory
    }

    private void checkCaughtUp() {
        if (directory.isCaughtUp() || startEnds.isEmpty()) {
            return;
        }
        for (Map.Entry<TopicPartition, Long> end : startEnds.entrySet()) {
            if (!consumer.assignment().contains(end.getKey()) || consumer.position(end.getKey()) < end.getValue()) {
                return;
            }
        }
        directory.caughtUp();
        LOG.info("budget directory caught up with {} ({} partitions)", Topics.BUDGETS, startEnds.size());
    }
}
