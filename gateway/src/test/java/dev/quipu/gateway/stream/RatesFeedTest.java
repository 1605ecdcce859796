package dev.quipu.gateway.stream;

import dev.quipu.contracts.events.RatesObserved;
import dev.quipu.contracts.events.Topics;
import dev.quipu.testkit.SuiteResources;
import io.micronaut.json.JsonMapper;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The gateway's reader of quipu.rates.v1 against the real in-process broker: the newest set per
 * country is rebuilt from the topic at start, and every instance (each reading on its own) gets
 * every update, so a second gateway streams the same update as the first.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RatesFeedTest implements TestPropertyProvider {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @Inject
    LatestRates latest;

    @Inject
    RatesFeed feed;

    @Inject
    JsonMapper json;

    @Inject
    StreamConfig config;

    private String bootstrap;

    @Override
    public Map<String, String> getProperties() {
        Map<String, String> props = new HashMap<>(SuiteResources.kafkaOnly());
        bootstrap = props.get("kafka.bootstrap.servers");
        props.put("quipu.gateway.stream.feed-poll", "100ms");
        return props;
    }

    private RatesObserved event(String country, String usd) {
        return new RatesObserved(UUID.randomUUID().toString(), country, java.time.Instant.now().toString(), "snapshot",
                Map.of("usd_cop", usd), Map.of("usd_cop", "2014-02-03"), Map.of("usd_cop", "Superfinanciera"));
    }

    private void publish(String key, String value) throws Exception {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
            producer.send(new ProducerRecord<>(Topics.RATES, key, value)).get();
        }
    }

    private void publish(RatesObserved event) throws Exception {
        publish(event.country(), new String(json.writeValueAsBytes(event), StandardCharsets.UTF_8));
    }

    private static void await(java.util.function.BooleanSupplier condition, String what) throws InterruptedException {
        long until = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > until) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(20);
        }
    }

    @Test
    void anEventOnTheTopicBecomesTheCountrysLatestSetAsPublished() throws Exception {
        RatesObserved event = event("CO", "3950.12");
        publish(event);
        await(() -> latest.latest("CO").map(u -> u.eventId().equals(event.eventId())).orElse(false), "the event");
        RatesUpdate update = latest.latest("CO").orElseThrow();
        assertEquals(event, json.readValue(update.json(), RatesObserved.class));
        assertEquals(event.observedAt(), update.observedAt());
    }

    @Test
    void aSecondInstanceRebuildsTheLatestSetsFromTheTopicAndStreamsTheSameNextUpdate() throws Exception {
        RatesObserved before = event("AR", "1015.5");
        publish(before);
        LatestRates secondLatest = new LatestRates();
        RatesFeed second = new RatesFeed(secondLatest, json, config, bootstrap,
                dev.quipu.runtime.kafka.KafkaCredentials.none());
        second.start();
        try {
            assertTrue(second.awaitCaughtUp(WAIT));
            await(() -> secondLatest.latest("AR").map(u -> u.eventId().equals(before.eventId())).orElse(false),
                    "the replayed set");

            java.util.List<String> firstGot = new java.util.concurrent.CopyOnWriteArrayList<>();
            java.util.List<String> secondGot = new java.util.concurrent.CopyOnWriteArrayList<>();
            var s1 = latest.updates("AR").subscribe(u -> firstGot.add(u.eventId()));
            var s2 = secondLatest.updates("AR").subscribe(u -> secondGot.add(u.eventId()));
            try {
                RatesObserved next = event("AR", "1020.0");
                publish(next);
                await(() -> firstGot.contains(next.eventId()) && secondGot.contains(next.eventId()), "both instances");
            } finally {
                s1.dispose();
                s2.dispose();
            }
        } finally {
            second.stop();
        }
    }

    @Test
    void anUnreadableRecordIsSkippedAndTheNextOneStillArrives() throws Exception {
        publish("PE", "not json");
        RatesObserved good = event("PE", "3.71");
        publish(good);
        await(() -> latest.latest("PE").map(u -> u.eventId().equals(good.eventId())).orElse(false), "the good event");
        assertTrue(feed.awaitCaughtUp(WAIT));
    }
}
