package dev.quipu.reputation.stats;

import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.contracts.events.Topics;
import dev.quipu.testkit.EmbeddedKafka;
import dev.quipu.testkit.SuiteResources;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.json.JsonMapper;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.web3j.crypto.Credentials;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Paid events published straight to quipu.calls.v1 (as anyone with access to the topic could): a
 * payment the payer never signed buys no reputation, a genuine proven one counts, and an
 * authorization counts once.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PaidEvidenceTest implements TestPropertyProvider {

    @Inject
    @Client("/")
    HttpClient http;

    @Inject
    JsonMapper json;

    @Inject
    StatsFolder folder;

    @Inject
    MeterRegistry meters;

    private KafkaProducer<String, String> producer;

    @Override
    public Map<String, String> getProperties() {
        return SuiteResources.forService("quipu_reputation");
    }

    @BeforeAll
    void clients() {
        producer = new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, EmbeddedKafka.shared().bootstrapServers()),
                new StringSerializer(), new StringSerializer());
    }

    @AfterAll
    void close() {
        producer.close();
    }

    private void publish(CallCompleted call) throws Exception {
        producer.send(new ProducerRecord<>(Topics.CALLS, call.agentId(), json.writeValueAsString(call))).get();
    }

    private Map<?, ?> statistics(String agent) {
        return (Map<?, ?>) http.toBlocking().retrieve(HttpRequest.GET("/reputation/" + agent), Map.class).get("statistics");
    }

    private double rejected(String reason) {
        Counter counter = meters.find(StatsFolder.REJECTED_METER).tag("reason", reason).counter();
        return counter == null ? 0 : counter.count();
    }

    private void awaitRejected(String agent, long count) throws Exception {
        long deadline = System.currentTimeMillis() + 20_000;
        while (folder.rejectedPaidEvents(agent) < count && System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
        }
        assertEquals(count, folder.rejectedPaidEvents(agent));
    }

    private static CallCompleted withoutProof(CallCompleted e) {
        return e.withPaymentProof(null);
    }

    @Test
    void aForgedPaidEventLeavesPaidCallsAndSpendUnchangedWhileAProvenOneCounts() throws Exception {
        Credentials wallet = SignedPayments.wallet();
        String agent = wallet.getAddress().toLowerCase();
        double missingBefore = rejected("missing");
        double payerBefore = rejected("payer");

        CallCompleted genuine = SignedPayments.paid(agent, wallet, Instant.now(), 200);
        publish(genuine);
        // made up: no proof at all
        publish(withoutProof(SignedPayments.paid(agent, wallet, Instant.now(), 200)));
        // a genuine signature of another wallet, presented as this agent's payment
        Credentials other = SignedPayments.wallet();
        CallCompleted borrowed = SignedPayments.paid(agent, other, Instant.now(), 200);
        publish(new CallCompleted(borrowed.eventId(), borrowed.occurredAt(), borrowed.operationId(), borrowed.route(), agent,
                agent, "paid", borrowed.priceUsdc(), borrowed.chargedAtomic(), borrowed.paymentRef(), 200, borrowed.latencyMs(),
                borrowed.requestJson(), borrowed.responseJson(), borrowed.dataVersions(), borrowed.paymentProof()));
        awaitRejected(agent, 2);

        Map<?, ?> stats = statistics(agent);
        assertEquals(1, ((Number) stats.get("paid_calls")).intValue(), stats.toString());
        assertEquals("0.01", stats.get("spend_usdc"), "only the proven payment is spend");
        assertEquals(1, ((Number) stats.get("total_calls")).intValue(), "an unproven paid event counts nowhere");
        assertEquals(missingBefore + 1, rejected("missing"));
        assertEquals(payerBefore + 1, rejected("payer"), 0.0, "from is the other wallet, not the event's payer");
    }

    @Test
    void anAuthorizationCountsOnce() throws Exception {
        Credentials wallet = SignedPayments.wallet();
        String agent = "replayed-" + UUID.randomUUID();
        double before = rejected("authorization_reused");
        CallCompleted first = SignedPayments.paid(agent, wallet, Instant.now(), 200);
        CallCompleted replay = new CallCompleted(UUID.randomUUID().toString(), first.occurredAt(), first.operationId(),
                first.route(), agent, first.payer(), "paid", first.priceUsdc(), first.chargedAtomic(), first.paymentRef(), 200,
                first.latencyMs(), first.requestJson(), first.responseJson(), first.dataVersions(), first.paymentProof());
        String elsewhere = "elsewhere-" + UUID.randomUUID();
        CallCompleted replayedForAnotherAgent = new CallCompleted(UUID.randomUUID().toString(), first.occurredAt(),
                first.operationId(), first.route(), elsewhere, first.payer(), "paid", first.priceUsdc(), first.chargedAtomic(),
                first.paymentRef(), 200, first.latencyMs(), first.requestJson(), first.responseJson(), first.dataVersions(),
                first.paymentProof());
        assertEquals(1, folder.foldCalls(List.of(json.writeValueAsString(first), json.writeValueAsString(replay))));
        assertEquals(0, folder.foldCalls(List.of(json.writeValueAsString(replayedForAnotherAgent))));
        assertEquals(1, ((Number) statistics(agent).get("paid_calls")).intValue());
        assertEquals(0, ((Number) statistics(elsewhere).get("paid_calls")).intValue());
        assertEquals(before + 2, rejected("authorization_reused"));
        // redelivery of the rejected events changes nothing and is not counted again
        assertEquals(0, folder.foldCalls(List.of(json.writeValueAsString(replay))));
        assertEquals(before + 2, rejected("authorization_reused"));
        assertEquals(1, folder.rejectedPaidEvents(agent));
    }

    @Test
    void aFailedPaidCallChargedNothingAndNeedsNoProof() throws Exception {
        Credentials wallet = SignedPayments.wallet();
        String agent = "released-" + UUID.randomUUID();
        assertEquals(1, folder.foldCalls(List.of(json.writeValueAsString(SignedPayments.paid(agent, wallet, Instant.now(), 503)))));
        Map<?, ?> stats = statistics(agent);
        assertEquals(1, ((Number) stats.get("failed_calls")).intValue());
        assertEquals(0, ((Number) stats.get("paid_calls")).intValue());
        assertEquals(0, folder.rejectedPaidEvents(agent));
    }
}
