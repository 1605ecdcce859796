package dev.quipu.bench.stream;

import com.sun.net.httpserver.HttpServer;
import dev.quipu.contracts.events.Topics;
import dev.quipu.gateway.GatewayApplication;
import dev.quipu.testkit.EmbeddedKafka;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.Micronaut;
import io.micronaut.runtime.server.EmbeddedServer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * 1,000 (or {@code args[0]}) concurrent subscribers of {@code GET /rates/stream} on one gateway,
 * started in this JVM against the in-process Kafka broker. Each of {@code args[1]} updates is
 * published on quipu.rates.v1 (as rates-service does) and the time until every subscriber has
 * received it is measured: publish → broker → the gateway's reader → multicast → 1,000 sockets →
 * parsed by the client. payment-service is a local stand-in that accepts every stream token (token
 * checks happen once per stream at open, not per update, so they are not what this measures).
 */
public final class StreamFanOut {

    private StreamFanOut() {
    }

    public static void main(String[] args) throws Exception {
        int subscribers = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int updates = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        long gapMillis = args.length > 2 ? Long.parseLong(args[2]) : 1000;

        EmbeddedKafka kafka = EmbeddedKafka.shared();
        kafka.createTopics(List.of(Topics.RATES), 1);
        HttpServer payments = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        payments.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            byte[] ok = "{\"country\":\"CO\",\"expires_at\":\"2099-01-01T00:00:00Z\"}".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, ok.length);
            exchange.getResponseBody().write(ok);
            exchange.close();
        });
        payments.setExecutor(Executors.newFixedThreadPool(8));
        payments.start();

        ApplicationContext gateway = Micronaut.build(new String[0]).mainClass(GatewayApplication.class)
                .properties(Map.of(
                        "micronaut.security.token.jwt.signatures.jwks-static.suite.path", dev.quipu.testkit.OperatorCredentials.PUBLIC_SET,
                        "quipu.internal-auth.key-file", "classpath:" + dev.quipu.testkit.OperatorCredentials.KEYS + "gateway.jwk",
                        "micronaut.server.port", "-1",
                        "kafka.bootstrap.servers", kafka.bootstrapServers(),
                        "quipu.gateway.services.payment.url", "http://127.0.0.1:" + payments.getAddress().getPort(),
                        "quipu.gateway.stream.feed-poll", "100ms",
                        "quipu.gateway.stream.heartbeat", "15s"))
                .start();
        URI base = gateway.getBean(EmbeddedServer.class).getURI();
        System.out.printf("gateway at %s, %d subscribers, %d updates %d ms apart%n", base, subscribers, updates,
                gapMillis);

        Map<String, Long> published = new ConcurrentHashMap<>();
        Map<String, AtomicInteger> receivedBy = new ConcurrentHashMap<>();
        Map<String, AtomicLong> lastArrival = new ConcurrentHashMap<>();
        Map<String, CountDownLatch> allReceived = new ConcurrentHashMap<>();
        AtomicInteger open = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();

        KafkaProducer<String, String> producer = producer(kafka.bootstrapServers());
        // a first set, so that streams have something at open (their first event)
        publish(producer, "warm-up", published);

        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .executor(Executors.newFixedThreadPool(4)).build();
        CountDownLatch opened = new CountDownLatch(subscribers);
        for (int i = 0; i < subscribers; i++) {
            URI uri = base.resolve("/rates/stream?country=CO&interval=300&max_events=100&stream_token=st_bench_"
                    + UUID.randomUUID().toString().replace("-", ""));
            HttpRequest request = HttpRequest.newBuilder(uri).header("Accept", "text/event-stream").build();
            http.sendAsync(request, HttpResponse.BodyHandlers.fromLineSubscriber(
                            new Subscriber(opened, open, receivedBy, lastArrival, allReceived)))
                    .whenComplete((r, e) -> {
                        if (e != null || r.statusCode() != 200) {
                            failed.incrementAndGet();
                            opened.countDown();
                        }
                    });
        }
        if (!opened.await(120, TimeUnit.SECONDS)) {
            System.out.printf("only %d of %d streams opened%n", open.get(), subscribers);
        }
        System.out.printf("%d streams open (first event received), %d failed%n", open.get(), failed.get());

        List<Long> allDeliveredMillis = new ArrayList<>();
        int late = 0;
        for (int u = 0; u < updates; u++) {
            String id = UUID.randomUUID().toString();
            CountDownLatch all = new CountDownLatch(open.get());
            allReceived.put(id, all);
            receivedBy.put(id, new AtomicInteger());
            lastArrival.put(id, new AtomicLong());
            publish(producer, id, published);
            boolean complete = all.await(10, TimeUnit.SECONDS);
            long millis = (lastArrival.get(id).get() - published.get(id)) / 1_000_000;
            if (!complete) {
                System.out.printf("update %d: only %d of %d subscribers within 10 s%n", u, receivedBy.get(id).get(),
                        open.get());
                late++;
            } else {
                allDeliveredMillis.add(millis);
                if (millis > 1000) {
                    late++;
                }
            }
            Thread.sleep(gapMillis);
        }
        Collections.sort(allDeliveredMillis);
        if (!allDeliveredMillis.isEmpty()) {
            System.out.printf("publish -> received by all %d subscribers, over %d updates: p50 %d ms, p90 %d ms,"
                            + " max %d ms; updates not delivered to all within 1 s: %d%n", open.get(),
                    allDeliveredMillis.size(), pct(allDeliveredMillis, 50), pct(allDeliveredMillis, 90),
                    allDeliveredMillis.get(allDeliveredMillis.size() - 1), late);
        }
        producer.close();
        gateway.close();
        payments.stop(0);
        System.exit(0);
    }

    private static long pct(List<Long> sorted, int p) {
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1));
    }

    private static KafkaProducer<String, String> producer(String bootstrap) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.LINGER_MS_CONFIG, "0");
        return new KafkaProducer<>(p);
    }

    /** A RatesObserved set of the size rates-service publishes for CO (two rates with dates and sources). */
    private static void publish(KafkaProducer<String, String> producer, String id, Map<String, Long> published)
            throws Exception {
        String json = "{\"event_id\":\"" + id + "\",\"country\":\"CO\",\"observed_at\":\"" + Instant.now()
                + "\",\"source_mode\":\"snapshot\",\"values\":{\"usd_cop\":\"2054.9\"},"
                + "\"as_of\":{\"usd_cop\":\"2014-02-03\"},"
                + "\"sources\":{\"usd_cop\":\"Superintendencia Financiera de Colombia (TRM)\"},"
                + "\"source_urls\":{\"usd_cop\":\"https://www.datos.gov.co/resource/32sa-8pi3.json\"},"
                + "\"fetched_at\":{\"usd_cop\":\"" + Instant.now() + "\"},\"stale\":{\"usd_cop\":false},"
                + "\"unavailable\":{\"dtf_ea\":\"Banco de la Republica SDMX: no recording in snapshot mode\"}}";
        published.put(id, System.nanoTime());
        producer.send(new ProducerRecord<>(Topics.RATES, "CO", json)).get();
    }

    /** One stream: counts each update the first time this subscriber sees it. */
    private static final class Subscriber implements Flow.Subscriber<String> {
        private final CountDownLatch opened;
        private final AtomicInteger open;
        private final Map<String, AtomicInteger> receivedBy;
        private final Map<String, AtomicLong> lastArrival;
        private final Map<String, CountDownLatch> allReceived;
        private boolean first = true;

        Subscriber(CountDownLatch opened, AtomicInteger open, Map<String, AtomicInteger> receivedBy,
                   Map<String, AtomicLong> lastArrival, Map<String, CountDownLatch> allReceived) {
            this.opened = opened;
            this.open = open;
            this.receivedBy = receivedBy;
            this.lastArrival = lastArrival;
            this.allReceived = allReceived;
        }

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            subscription.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(String line) {
            if (!line.startsWith("data:{\"event_id\":\"") && !line.startsWith("data: {\"event_id\":\"")) {
                return;
            }
            long now = System.nanoTime();
            int start = line.indexOf("\"event_id\":\"") + 12;
            String id = line.substring(start, line.indexOf('"', start));
            if (first) {
                first = false;
                open.incrementAndGet();
                opened.countDown();
            }
            AtomicInteger count = receivedBy.get(id);
            CountDownLatch latch = allReceived.get(id);
            if (count != null && latch != null) {
                count.incrementAndGet();
                lastArrival.get(id).accumulateAndGet(now, Math::max);
                latch.countDown();
            }
        }

        @Override
        public void onError(Throwable throwable) {
        }

        @Override
        public void onComplete() {
        }
    }
}
