package dev.quipu.gateway.audit;

import dev.quipu.contracts.events.AuditLink;
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
 * Reads {@code quipu.audit.chain.v1} from its end, in a consumer group of its own so that every
 * gateway instance sees every link, and hands each link to the calls waiting for it. Offsets are
 * never committed: a restarted gateway has no waiting calls from before.
 */
@Requires(property = "kafka.enabled", notEquals = "false")
@KafkaListener(groupId = "gateway-audit-links", uniqueGroupId = true, offsetReset = OffsetReset.LATEST, properties = {
        @Property(name = ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, value = "false"),
        @Property(name = ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, value = "100")})
public class AuditLinkListener {

    private static final Logger LOG = LoggerFactory.getLogger(AuditLinkListener.class);

    private final AuditLinks links;
    private final JsonMapper json;

    public AuditLinkListener(AuditLinks links, JsonMapper json) {
        this.links = links;
        this.json = json;
    }

    @Topic(Topics.AUDIT_CHAIN)
    void onLink(ConsumerRecord<String, String> record) {
        try {
            links.arrived(json.readValue(record.value(), AuditLink.class));
        } catch (IOException | RuntimeException e) {
            LOG.warn("unreadable audit link skipped: {}", e.getMessage());
        }
    }
}
