package dev.quipu.sanctions.refresh;

import dev.quipu.contracts.events.ListVersionChanged;
import dev.quipu.contracts.events.Topics;
import io.micronaut.configuration.kafka.annotation.KafkaClient;
import io.micronaut.configuration.kafka.annotation.KafkaKey;
import io.micronaut.configuration.kafka.annotation.Topic;

/** Producer of {@code quipu.lists.v1}, keyed by list id (acks=all, idempotent: application.yml). */
@KafkaClient(id = "list-events")
public interface ListEventClient {

    /** Blocks until the broker acknowledged, so a refresh that returns UPDATED has published its change. */
    @Topic(Topics.LISTS)
    void send(@KafkaKey String listId, ListVersionChanged event);
}
