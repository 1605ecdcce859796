package dev.quipu.payment.admission;

import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.contracts.pricebook.Operation;
import dev.quipu.contracts.pricebook.PriceBook;
import dev.quipu.payment.x402.PaymentRequirements;
import dev.quipu.payment.x402.PaymentSigner;
import dev.quipu.payment.x402.Reasons;
import dev.quipu.proof.PaymentProofCheck;
import dev.quipu.testkit.SuiteResources;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.jdbc.DataSourceResolver;
import io.micronaut.json.JsonMapper;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import javax.sql.DataSource;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The x402 server against the real PostgreSQL, through its internal HTTP API as the gateway uses it:
 * challenge, verification, the atomic claim, settlement into the ledger with the call event in the
 * same transaction, release on backend failure, trials and payment-identifier replays.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PaymentFlowTest implements TestPropertyProvider {

    /** Hardhat/Anvil account #0: public, never funded. */
    static final String DEV_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";

    @Inject
    @Client("/")
    HttpClient http;

    @Inject
    JsonMapper json;

    @Inject
    PriceBook priceBook;

    @Inject
    PaymentAdmission admission;

    DataSource dataSource;

    @Inject
    void plain(DataSource pooled, DataSourceResolver resolver) {
        this.dataSource = resolver.resolve(pooled);
    }

    @Override
    public Map<String, String> getProperties() {
        Map<String, String> p = new HashMap<>(SuiteResources.forService("quipu_payment_flow_test"));
        p.put("quipu.outbox.poll-interval", "1h");
        p.put("quipu.payments.events-poll-interval", "100ms");
        return p;
    }

    Decision admit(String op, String paymentSignature, String xPayment, String xTrial, String ip) {
        return http.toBlocking().retrieve(HttpRequest.POST("/internal/payments/admit", new AdmitRequest(op,
                "http://localhost:8080/x", ip, paymentSignature, xPayment, xTrial, null, "req-hash")), Decision.class);
    }

    /** The event of the latest completion. */
    String lastEventId;

    Decision complete(String ticket, int status) {
        CallCompleted event = new CallCompleted(UUID.randomUUID().toString(), CallCompleted.canonicalInstant(Instant.now()),
                "sanctions_screen", "POST /sanctions", "agent-1", null, "paid", "0.05", 50000, null, status, 3, "{}",
                "{\"ok\":true}", Map.of());
        lastEventId = event.eventId();
        return http.toBlocking().retrieve(HttpRequest.POST("/internal/payments/complete", new CompleteRequest(ticket, true,
                status, "application/json", Base64.getEncoder().encodeToString("{\"ok\":true}".getBytes()), event)), Decision.class);
    }

    @SuppressWarnings("unchecked")
    Map<String, Object> decodeHeader(String value) throws Exception {
        return json.readValue(Base64.getDecoder().decode(value), Map.class);
    }

    String paymentHeader(String opId, Map<String, Object> extensions) {
        Operation op = priceBook.byId(opId).orElseThrow();
        PaymentRequirements base = admission.requirements(op, null).get(0);
        PaymentSigner signer = new PaymentSigner(DEV_KEY, json, Clock.systemUTC());
        Map<String, Object> payload = signer.payV2(base, extensions);
        try {
            return Base64.getEncoder().encodeToString(json.writeValueAsBytes(payload));
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The call event as payment-service wrote it to its outbox. */
    CallCompleted outboxEvent(String eventId) throws Exception {
        try (Connection c = dataSource.getConnection();
             PreparedStatement st = c.prepareStatement("SELECT payload FROM call_outbox WHERE event_id = ?::uuid")) {
            st.setString(1, eventId);
            try (ResultSet rs = st.executeQuery()) {
                assertTrue(rs.next(), "event " + eventId + " is in the outbox");
                return json.readValue(rs.getString(1), CallCompleted.class);
            }
        }
    }

    long count(String sql, Object arg) throws Exception {
        try (Connection c = dataSource.getConnection(); PreparedStatement st = c.prepareStatement(sql)) {
            st.setObject(1, arg);
            try (ResultSet rs = st.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void unpaidCallGetsADeterministicV2ChallengeAndAV1Body() throws Exception {
        Decision first = admit("sanctions_screen", null, null, null, "10.0.0.1");
        Decision second = admit("sanctions_screen", null, null, null, "10.0.0.2");
        assertEquals(402, first.status());
        assertEquals(first.headers().get("PAYMENT-REQUIRED"), second.headers().get("PAYMENT-REQUIRED"));
        assertEquals("no-store", first.headers().get("Cache-Control"));
        Map<String, Object> v2 = decodeHeader(first.headers().get("PAYMENT-REQUIRED"));
        assertEquals(2, v2.get("x402Version"));
        assertTrue(((String) v2.get("error")).startsWith(Reasons.PAYMENT_REQUIRED));
        List<Map<String, Object>> accepts = (List<Map<String, Object>>) v2.get("accepts");
        assertEquals(2, accepts.size());
        assertEquals("eip155:8453", accepts.get(0).get("network"));
        assertEquals("50000", accepts.get(0).get("amount"));
        assertEquals("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", accepts.get(0).get("asset"));
        assertEquals(Map.of("name", "USD Coin", "version", "2"), accepts.get(0).get("extra"));
        assertEquals("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp", accepts.get(1).get("network"));
        assertEquals("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", accepts.get(1).get("asset"));
        assertNotNull(((Map<String, Object>) accepts.get(1).get("extra")).get("feePayer"));
        Map<String, Object> bazaar = (Map<String, Object>) ((Map<String, Object>) v2.get("extensions")).get("bazaar");
        Map<String, Object> input = (Map<String, Object>) ((Map<String, Object>) bazaar.get("info")).get("input");
        assertEquals("POST", input.get("method"));
        assertTrue(((Map<String, Object>) input.get("body")).containsKey("name"));
        Map<String, Object> v1 = json.readValue(Base64.getDecoder().decode(first.bodyBase64()), Map.class);
        assertEquals(1, v1.get("x402Version"));
        Map<String, Object> v1First = ((List<Map<String, Object>>) v1.get("accepts")).get(0);
        assertEquals("base", v1First.get("network"));
        assertEquals("50000", v1First.get("maxAmountRequired"));
    }

    @Test
    void sameAuthorizationIsServedExactlyOnceSequentiallyAndConcurrently() throws Exception {
        String header = paymentHeader("sanctions_screen", null);
        Decision first = admit("sanctions_screen", header, null, null, "10.0.0.3");
        assertEquals("admit", first.decision());
        assertEquals(50000, first.chargedAtomic());
        Decision done = complete(first.ticket(), 200);
        assertEquals("deliver", done.decision());
        Map<String, Object> receipt = decodeHeader(done.headers().get("PAYMENT-RESPONSE"));
        assertEquals(true, receipt.get("success"));
        String tx = (String) receipt.get("transaction");
        assertTrue(tx.matches("0x[0-9a-f]{64}"));
        assertEquals(1, count("SELECT count(*) FROM ledger_entries WHERE reference = ?", tx));
        assertEquals(1, count("SELECT count(*) FROM call_outbox WHERE payload LIKE ?", "%" + tx + "%"));
        // the event proves its payment: the authorization exactly as presented, checked by the shared checker
        CallCompleted event = outboxEvent(lastEventId);
        Map<String, Object> presented = json.readValue(Base64.getDecoder().decode(header), Map.class);
        Map<?, ?> presentedAuth = (Map<?, ?>) ((Map<?, ?>) presented.get("payload")).get("authorization");
        CallCompleted.PaymentProof proof = event.paymentProof();
        assertEquals(presentedAuth.get("from"), proof.authorization().from());
        assertEquals(presentedAuth.get("nonce"), proof.authorization().nonce());
        assertEquals(presentedAuth.get("validBefore"), proof.authorization().validBefore());
        assertEquals(((Map<?, ?>) presented.get("payload")).get("signature"), proof.signature());
        assertEquals("exact", proof.scheme());
        assertEquals("eip155:8453", proof.network());
        assertEquals("50000", proof.amount());
        assertEquals(tx, proof.settlement());
        PaymentProofCheck.Verdict verdict = PaymentProofCheck.standard().check(event);
        assertEquals(PaymentProofCheck.Status.VALID, verdict.status(), verdict.toString());
        assertEquals(new PaymentSigner(DEV_KEY, json, Clock.systemUTC()).address().toLowerCase(), verdict.signer());
        // a retry of the completion settles nothing twice
        assertEquals(done.headers(), complete(first.ticket(), 200).headers());
        assertEquals(1, count("SELECT count(*) FROM ledger_entries WHERE reference = ?", tx));

        Decision again = admit("sanctions_screen", header, null, null, "10.0.0.3");
        assertEquals(402, again.status());
        assertTrue(decodeHeader(again.headers().get("PAYMENT-REQUIRED")).get("error").toString().startsWith(Reasons.ALREADY_USED));

        List<Decision> storm = concurrently(20, () -> admit("sanctions_screen", header, null, null, "10.0.0.3"));
        assertTrue(storm.stream().allMatch(d -> d.status() == 402), "no second admission");
        assertEquals(1, count("SELECT count(*) FROM ledger_entries WHERE reference = ?", tx));
    }

    @Test
    void twentyConcurrentPresentationsOfAFreshAuthorizationAdmitExactlyOne() throws Exception {
        String header = paymentHeader("rates", null);
        List<Decision> storm = concurrently(20, () -> admit("rates", header, null, null, "10.0.0.4"));
        List<Decision> admitted = storm.stream().filter(d -> "admit".equals(d.decision())).toList();
        assertEquals(1, admitted.size());
        assertTrue(storm.stream().filter(d -> !"admit".equals(d.decision())).allMatch(d -> d.status() == 402));
        assertEquals("deliver", complete(admitted.get(0).ticket(), 200).decision());
    }

    @Test
    void backendFailureReleasesTheClaimAndChargesNothing() throws Exception {
        String header = paymentHeader("entity_lookup", null);
        Decision admitted = admit("entity_lookup", header, null, null, "10.0.0.5");
        Decision done = complete(admitted.ticket(), 503);
        assertEquals("deliver", done.decision());
        assertNull(done.headers().get("PAYMENT-RESPONSE"));
        UUID id = UUID.fromString(admitted.ticket().substring(4));
        assertEquals(0, count("SELECT count(*) FROM ledger_entries WHERE payment_id = ?", id));
        assertEquals(1, count("SELECT count(*) FROM payments WHERE state = 'released' AND payment_id = ?", id));
        CallCompleted released = outboxEvent(lastEventId);
        assertEquals(0, released.chargedAtomic());
        assertNull(released.paymentProof(), "nothing was charged, so nothing is proven");
        // the released authorization was never charged, so it may pay for the retried call
        assertEquals("admit", admit("entity_lookup", header, null, null, "10.0.0.5").decision());
    }

    @Test
    void v1PaymentInXPaymentIsAnsweredWithXPaymentResponse() throws Exception {
        Operation op = priceBook.byId("market_signal").orElseThrow();
        PaymentRequirements base = admission.requirements(op, null).get(0);
        Map<String, Object> v2 = new PaymentSigner(DEV_KEY, json, Clock.systemUTC()).payV2(base, null);
        Map<String, Object> v1 = new java.util.LinkedHashMap<>();
        v1.put("x402Version", 1);
        v1.put("scheme", "exact");
        v1.put("network", "base");
        v1.put("payload", v2.get("payload"));
        String header = Base64.getEncoder().encodeToString(json.writeValueAsBytes(v1));
        Decision admitted = admit("market_signal", null, header, null, "10.0.0.6");
        assertEquals("admit", admitted.decision());
        Decision done = complete(admitted.ticket(), 200);
        Map<String, Object> receipt = decodeHeader(done.headers().get("X-PAYMENT-RESPONSE"));
        assertEquals("base", receipt.get("network"));
        assertEquals(true, receipt.get("success"));
        assertEquals(PaymentProofCheck.Status.VALID, PaymentProofCheck.standard().check(outboxEvent(lastEventId)).status(),
                "an X-PAYMENT (v1) authorization proves itself too");
    }

    @Test
    void malformedPaymentHeaderGetsAFreshChallengeSayingWhy() throws Exception {
        Decision d = admit("sanctions_screen", "not base64!", null, null, "10.0.0.7");
        assertEquals(402, d.status());
        assertTrue(decodeHeader(d.headers().get("PAYMENT-REQUIRED")).get("error").toString().startsWith(Reasons.INVALID_PAYLOAD));
    }

    @Test
    void trialGivesFiveCallsPerEndpointPerAddressThen429() throws Exception {
        for (int i = 0; i < 5; i++) {
            Decision d = admit("wallet_screen", null, null, "true", "10.9.9.9");
            assertEquals("trial", d.access());
            complete(d.ticket(), 200);
        }
        Decision sixth = admit("wallet_screen", null, null, "true", "10.9.9.9");
        assertEquals(429, sixth.status());
        long retryAfter = Long.parseLong(sixth.headers().get("Retry-After"));
        assertTrue(retryAfter > 86000 && retryAfter <= 86400, "about 24 h: " + retryAfter);
        assertEquals("trial", admit("wallet_screen", null, null, "true", "10.9.9.10").access(), "another address");
        assertEquals("trial", admit("entity_kyb", null, null, "true", "10.9.9.9").access(), "another endpoint");
    }

    @Test
    void failedTrialCallGivesTheSlotBack() throws Exception {
        for (int i = 0; i < 5; i++) {
            complete(admit("market_signal", null, null, "true", "10.8.8.8").ticket(), 500);
        }
        assertEquals("trial", admit("market_signal", null, null, "true", "10.8.8.8").access());
    }

    @Test
    void trialConsumptionIsAtomicUnderConcurrency() throws Exception {
        List<Decision> storm = concurrently(12, () -> admit("compliance_report", null, null, "true", "10.7.7.7"));
        assertEquals(5, storm.stream().filter(d -> "admit".equals(d.decision())).count());
        assertEquals(7, storm.stream().filter(d -> d.status() == 429).count());
    }

    @Test
    void routesWithoutTrialsAnswer402ToXTrial() throws Exception {
        Decision d = admit("registry_record", null, null, "true", "10.0.0.8");
        assertEquals(402, d.status());
        assertTrue(decodeHeader(d.headers().get("PAYMENT-REQUIRED")).get("error").toString().startsWith("trial_not_available"));
    }

    @Test
    void paymentIdentifierReplaysTheSameResponseAndRefusesADifferentPayload() throws Exception {
        String id = "pay_" + UUID.randomUUID().toString().replace("-", "");
        Map<String, Object> ext = Map.of("payment-identifier", Map.of("info", Map.of("required", false, "id", id)));
        String header = paymentHeader("sanctions_quick", ext);
        Decision admitted = admit("sanctions_quick", header, null, null, "10.0.0.9");
        Decision done = complete(admitted.ticket(), 200);
        Decision replay = admit("sanctions_quick", header, null, null, "10.0.0.9");
        assertEquals("respond", replay.decision());
        assertEquals(200, replay.status());
        assertEquals("{\"ok\":true}", new String(Base64.getDecoder().decode(replay.bodyBase64()), StandardCharsets.UTF_8));
        assertEquals(done.headers().get("PAYMENT-RESPONSE"), replay.headers().get("PAYMENT-RESPONSE"));
        Decision other = admit("sanctions_quick", paymentHeader("sanctions_quick", ext), null, null, "10.0.0.9");
        assertEquals(409, other.status());
    }

    @Test
    @SuppressWarnings("unchecked")
    void aDiscountedQuoteMustBePaidByTheWalletItWasQuotedFor() throws Exception {
        String devWallet = new PaymentSigner(DEV_KEY, json, Clock.systemUTC()).address();
        String other = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
        AdmitRequest unpaid = new AdmitRequest("sanctions_screen", "http://localhost:8080/sanctions", "10.0.0.12",
                null, null, null, devWallet, "h", 20);
        Map<String, Object> v2 = decodeHeader(admission.admit(unpaid).headers().get("PAYMENT-REQUIRED"));
        Map<String, Object> quoted = ((List<Map<String, Object>>) v2.get("accepts")).get(0);
        assertEquals("40000", quoted.get("amount"), "TRUSTED: 20 % off 0.05 USDC");

        Operation op = priceBook.byId("sanctions_screen").orElseThrow();
        PaymentRequirements list = admission.requirements(op, null).get(0);
        PaymentRequirements discounted = new PaymentRequirements(list.scheme(), list.network(), "40000", list.asset(),
                list.payTo(), list.maxTimeoutSeconds(), list.extra());
        String header = Base64.getEncoder().encodeToString(json.writeValueAsBytes(
                new PaymentSigner(DEV_KEY, json, Clock.systemUTC()).payV2(discounted, null)));
        Decision byOther = admission.admit(new AdmitRequest("sanctions_screen", "http://localhost:8080/sanctions",
                "10.0.0.12", header, null, null, other, "h", 20));
        assertTrue(decodeHeader(byOther.headers().get("PAYMENT-REQUIRED")).get("error").toString().startsWith(Reasons.PAYER_MISMATCH));
        Decision byWallet = admission.admit(new AdmitRequest("sanctions_screen", "http://localhost:8080/sanctions",
                "10.0.0.12", header, null, null, devWallet, "h", 20));
        assertEquals("admit", byWallet.decision());
        assertEquals(40000, byWallet.chargedAtomic());
    }

    @Test
    void paymentLifecycleIsPublishedOnThePaymentsTopicKeyedByPayer() throws Exception {
        Decision admitted = admit("defi_report", paymentHeader("defi_report", null), null, null, "10.0.0.11");
        complete(admitted.ticket(), 200);
        String paymentId = admitted.ticket().substring(4);
        Map<String, Object> props = new HashMap<>();
        props.put("bootstrap.servers", dev.quipu.testkit.EmbeddedKafka.shared().bootstrapServers());
        props.put("group.id", "payments-test-" + UUID.randomUUID());
        props.put("auto.offset.reset", "earliest");
        List<String> states = new ArrayList<>();
        try (var consumer = new org.apache.kafka.clients.consumer.KafkaConsumer<String, String>(props,
                new org.apache.kafka.common.serialization.StringDeserializer(),
                new org.apache.kafka.common.serialization.StringDeserializer())) {
            consumer.subscribe(List.of(dev.quipu.contracts.events.Topics.PAYMENTS));
            long deadline = System.currentTimeMillis() + 30_000;
            while (!states.contains("settled") && System.currentTimeMillis() < deadline) {
                for (var record : consumer.poll(java.time.Duration.ofMillis(500))) {
                    if (record.value().contains(paymentId)) {
                        assertEquals(admitted.payer(), record.key());
                        states.add((String) json.readValue(record.value(), Map.class).get("state"));
                    }
                }
            }
        }
        assertEquals(List.of("claimed", "settling", "settled"), states);
    }

    @Test
    @SuppressWarnings("unchecked")
    void healthShowsThePaymentModeAndTheSignatureEngine() {
        Map<String, Object> health;
        try {
            health = http.toBlocking().retrieve(HttpRequest.GET("/health"), Map.class);
        } catch (io.micronaut.http.client.exceptions.HttpClientResponseException e) {
            health = e.getResponse().getBody(Map.class).orElseThrow();
        }
        Map<String, Object> payments = (Map<String, Object>) ((Map<String, Object>) health.get("details")).get("payments");
        assertEquals("local", ((Map<String, Object>) payments.get("details")).get("mode"));
        assertEquals("libsecp256k1", ((Map<String, Object>) payments.get("details")).get("signature_recovery"));
    }

    <T> List<T> concurrently(int n, Callable<T> task) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            java.util.concurrent.CountDownLatch start = new java.util.concurrent.CountDownLatch(1);
            List<Future<T>> futures = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                futures.add(pool.submit(() -> {
                    start.await();
                    return task.call();
                }));
            }
            start.countDown();
            List<T> results = new ArrayList<>();
            for (Future<T> f : futures) {
                results.add(f.get());
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }
}
