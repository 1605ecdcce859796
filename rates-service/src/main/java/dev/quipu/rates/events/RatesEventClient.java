package dev.quipu.rates.events;

import dev.quipu.contracts.events.RatesObserved;
import dev.quipu.contracts.events.Topics;
import io.micronaut.configuration.kafka.annotation.KafkaClient;
import io.micronaut.configuration.kafka.annotation.KafkaKey;
import io.micronaut.configuration.kafka.annotation.Topic;

/** Producer of {@code quipu.rates.v1}, keyed by country (acks=all, idempotent: application.yml). */
@KafkaClient(id = "rates-events")
public interface RatesEventClient {

    @Topic(Topics.RATES)
    void send(@KafkaKey String country, RatesObserved event);
}
