package dev.quipu.gateway.stream;

import dev.quipu.contracts.events.RatesObserved;
import dev.quipu.contracts.events.Topics;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Requires;
import dev.quipu.runtime.kafka.KafkaCredentials;
import io.micronaut.context.annotation.Value;
import io.micronaut.json.JsonMapper;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Reads {@code quipu.rates.v1} into {@link LatestRates}. Every gateway instance reads the whole topic
 * from its beginning on its own (manual assignment of all partitions, no shared consumer group, no
 * committed offsets): the newest set of each country is rebuilt at start and every instance sees
 * every update, so any instance can serve any subscriber.
 */
@Context
@Requires(property = "kafka.enabled", notEquals = "false")
@Requires(property = "quipu.gateway.stream.feed-enabled", notEquals = "false")
public class RatesFeed {

    private static final Logger LOG = LoggerFactory.getLogger(RatesFeed.class);

    private final LatestRates latest;
    private final JsonMapper json;
    private final StreamConfig config;
    private final String bootstrap;
    private final KafkaCredentials credentials;
    private final CountDownLatch caughtUp = new CountDownLatch(1);
    private volatile KafkaConsumer<String, String> consumer;
    private volatile boolean running = true;
    private Thread thread;

    public RatesFeed(LatestRates latest, JsonMapper json, StreamConfig config,
                     @Value("${kafka.bootstrap.servers}") String bootstrap, KafkaCredentials credentials) {
        this.credentials = credentials;
        this.latest = latest;
        this.json = json;
        this.config = config;
        this.bootstrap = bootstrap;
    }

    @PostConstruct
    void start() {
        thread = new Thread(this::run, "rates-feed");
        thread.setDaemon(true);
        thread.start();
    }

    /** Waits until the topic's retained events were read once (for tests and readiness). */
    public boolean awaitCaughtUp(Duration timeout) throws InterruptedException {
        return caughtUp.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void run() {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, "gateway-rates-feed-" + UUID.randomUUID());
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        try (KafkaConsumer<String, String> c = new KafkaConsumer<>(credentials.apply(props))) {
            consumer = c;
            List<TopicPartition> partitions = awaitPartitions(c);
            if (partitions.isEmpty()) {
                return;
            }
            c.assign(partitions);
            c.seekToBeginning(partitions);
            var end = c.endOffsets(partitions);
            LOG.info("reading {} from the beginning ({} partitions)", Topics.RATES, partitions.size());
            while (running) {
                for (ConsumerRecord<String, String> record : c.poll(config.feedPoll())) {
                    accept(record);
                }
                if (caughtUp.getCount() > 0 && partitions.stream().allMatch(p -> c.position(p) >= end.get(p))) {
                    caughtUp.countDown();
                }
            }
        } catch (WakeupException e) {
            // closing
        } catch (RuntimeException e) {
            LOG.error("the rates feed stopped: {}", e.toString(), e);
        }
    }

    private List<TopicPartition> awaitPartitions(KafkaConsumer<String, String> c) {
        while (running) {
            try {
                List<PartitionInfo> infos = c.partitionsFor(Topics.RATES, Duration.ofSeconds(5));
                if (infos != null && !infos.isEmpty()) {
                    return infos.stream().map(i -> new TopicPartition(i.topic(), i.partition())).toList();
                }
            } catch (org.apache.kafka.common.errors.TimeoutException e) {
                LOG.warn("{} not reachable yet: {}", Topics.RATES, e.getMessage());
            }
            sleep();
        }
        return List.of();
    }

    private void accept(ConsumerRecord<String, String> record) {
        if (record.value() == null) {
            return;
        }
        try {
            RatesObserved event = json.readValue(record.value().getBytes(StandardCharsets.UTF_8), RatesObserved.class);
            if (event.country() == null || event.observedAt() == null) {
                LOG.warn("skipped a rates event without country or observed_at at offset {}", record.offset());
                return;
            }
            latest.accept(new RatesUpdate(event.country(), event.eventId(), event.observedAt(), record.value()));
        } catch (IOException | RuntimeException e) {
            LOG.warn("skipped an unreadable rates event at offset {}: {}", record.offset(), e.getMessage());
        }
    }

    private void sleep() {
        try {
            Thread.sleep(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        }
    }

    @PreDestroy
    void stop() throws InterruptedException {
        running = false;
        KafkaConsumer<String, String> c = consumer;
        if (c != null) {
            c.wakeup();
        }
        if (thread != null) {
            thread.join(5000);
        }
    }
}
