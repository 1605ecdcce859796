package dev.quipu.gateway.tiers;

import dev.quipu.contracts.events.TierChanged;
import dev.quipu.contracts.events.Topics;
import io.micronaut.configuration.kafka.annotation.KafkaListener;
import io.micronaut.configuration.kafka.annotation.OffsetReset;
import io.micronaut.configuration.kafka.annotation.Topic;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.json.JsonMapper;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;

/**
 * Replays {@code quipu.reputation.v1} from the beginning into the {@link TierCache}, in a group of
 * its own per gateway instance, so that every instance holds every tier.
 */
@Requires(property = "kafka.enabled", notEquals = "false")
@KafkaListener(groupId = "gateway-tiers", uniqueGroupId = true, offsetReset = OffsetReset.EARLIEST, properties =
        @Property(name = ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, value = "false"))
public class TierListener {

    private static final Logger LOG = LoggerFactory.getLogger(TierListener.class);

    private final TierCache cache;
    private final JsonMapper json;

    public TierListener(TierCache cache, JsonMapper json) {
        this.cache = cache;
        this.json = json;
    }

    @Topic(Topics.REPUTATION)
    void onTier(ConsumerRecord<String, String> record) {
        try {
            cache.apply(json.readValue(record.value(), TierChanged.class));
        } catch (IOException | RuntimeException e) {
            LOG.warn("unreadable tier change skipped: {}", e.getMessage());
        }
    }
}
