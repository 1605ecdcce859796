package dev.quipu.audit.chain;

import dev.quipu.audit.verifier.VerifyExport;
import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.contracts.events.Topics;
import dev.quipu.proof.PaymentProofCheck;
import dev.quipu.testkit.EmbeddedKafka;
import dev.quipu.testkit.SuiteResources;
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

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Paid evidence through the real broker and PostgreSQL: an event published straight to
 * quipu.calls.v1 (as anyone with access to the topic could) is folded like any other, and verify
 * names a paid link whose payment its payer never signed; a genuine signed one verifies; the
 * offline verifier names the forged link from an export.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PaidEvidenceTest implements TestPropertyProvider {

    @Inject
    @Client("/")
    HttpClient http;

    @Inject
    JsonMapper json;

    private KafkaProducer<String, String> producer;

    @Override
    public Map<String, String> getProperties() {
        return SuiteResources.forService("quipu_audit");
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

    /** A paid call of 0.02 USDC as the gateway and payment-service would describe it, without proof. */
    static CallCompleted unproven(String agent, String payer, String nonce) {
        return new CallCompleted(UUID.randomUUID().toString(), CallCompleted.canonicalInstant(Instant.now()), "rates",
                "POST /rates", agent, payer, "paid", "0.02", 20000,
                new CallCompleted.PaymentRef("eip155:8453", "0x" + "5e".repeat(32), nonce), 200, 9, "{\"country\":\"CO\"}",
                "{\"usd_cop\":\"4000.25\"}", Map.of("usd_cop", "2026-11-23"));
    }

    static CallCompleted genuine(String agent) {
        return SignedPayments.genuine(unproven(agent, null, null));
    }

    private void publish(CallCompleted call) throws Exception {
        producer.send(new ProducerRecord<>(Topics.CALLS, call.agentId(), json.writeValueAsString(call))).get();
    }

    private Map<?, ?> awaitVerify(String agent, int links) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 20_000;
        Map<?, ?> verify = verify(agent);
        while (((Number) verify.get("links_checked")).intValue() < links && System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
            verify = verify(agent);
        }
        assertEquals(links, ((Number) verify.get("links_checked")).intValue(), verify.toString());
        return verify;
    }

    private Map<?, ?> verify(String agent) {
        return http.toBlocking().retrieve(HttpRequest.GET("/audit/" + agent + "/verify"), Map.class);
    }

    private static Map<?, ?> proofs(Map<?, ?> verify) {
        return (Map<?, ?>) verify.get("proofs");
    }

    private static List<?> list(Map<?, ?> m, String name) {
        Object v = m.get(name);
        return v == null ? List.of() : (List<?>) v; // empty lists are left out of the answer
    }

    @Test
    void aGenuineSignedPaymentVerifies() throws Exception {
        String agent = "genuine-" + UUID.randomUUID();
        publish(genuine(agent));
        publish(genuine(agent));
        Map<?, ?> verify = awaitVerify(agent, 2);
        assertEquals(true, verify.get("valid"), verify.toString());
        assertEquals(2, ((Number) proofs(verify).get("required")).intValue());
        assertEquals(2, ((Number) proofs(verify).get("proven")).intValue());
        assertTrue(list(proofs(verify), "failed").isEmpty());
    }

    @Test
    void aForgedPaidEventPublishedStraightToTheTopicIsNamedByVerify() throws Exception {
        String agent = "forged-" + UUID.randomUUID();
        publish(genuine(agent));
        // made up: a payer, a nonce, a transaction, no proof at all
        publish(unproven(agent, "0x1111111111111111111111111111111111111111", "0x" + "01".repeat(32)));
        publish(genuine(agent));
        Map<?, ?> verify = awaitVerify(agent, 3);
        assertEquals(false, verify.get("valid"), "the forgery is folded (the chain records what was published) but not believed");
        assertEquals(3, ((Number) verify.get("links_checked")).intValue(), "every link still recomputes");
        Map<?, ?> broken = (Map<?, ?>) verify.get("first_broken");
        assertEquals(2, ((Number) broken.get("sequence")).intValue());
        assertEquals("payment_proof", broken.get("field"));
        assertTrue(((String) broken.get("reason")).startsWith("missing:"), broken.toString());
        List<?> failed = list(proofs(verify), "failed");
        assertEquals(1, failed.size(), verify.toString());
        assertEquals(2, ((Number) ((Map<?, ?>) failed.get(0)).get("sequence")).intValue());
        assertEquals("missing", ((Map<?, ?>) failed.get(0)).get("code"));
        assertEquals(2, ((Number) proofs(verify).get("proven")).intValue());
    }

    @Test
    void aForgedProofThatTheClaimedPayerNeverSignedIsNamed() throws Exception {
        String agent = "stolen-" + UUID.randomUUID();
        // a real signature of the development wallet, claimed for another payer's wallet
        CallCompleted real = genuine(agent);
        String victim = "0x2980bc24bbfb34de1bbc91479cb712ffbce02f73";
        CallCompleted.PaymentProof p = real.paymentProof();
        CallCompleted.TransferAuthorization a = p.authorization();
        CallCompleted forged = new CallCompleted(real.eventId(), real.occurredAt(), real.operationId(), real.route(), agent, victim,
                "paid", real.priceUsdc(), real.chargedAtomic(), real.paymentRef(), 200, real.latencyMs(), real.requestJson(),
                real.responseJson(), real.dataVersions(), new CallCompleted.PaymentProof(p.scheme(), p.network(), p.asset(),
                p.payTo(), p.amount(), new CallCompleted.TransferAuthorization(victim, a.to(), a.value(), a.validAfter(),
                a.validBefore(), a.nonce()), p.signature(), null, p.settlement(), null));
        publish(forged);
        Map<?, ?> verify = awaitVerify(agent, 1);
        Map<?, ?> broken = (Map<?, ?>) verify.get("first_broken");
        assertEquals(false, verify.get("valid"));
        assertEquals(1, ((Number) broken.get("sequence")).intValue());
        assertEquals("payment_proof", broken.get("field"));
        assertEquals(victim, broken.get("expected"));
        // over the rewritten authorization the development wallet's signature recovers some unrelated key
        assertTrue(((String) broken.get("found")).matches("0x[0-9a-f]{40}") && !victim.equals(broken.get("found")), broken.toString());
        assertTrue(((String) broken.get("reason")).startsWith("signer:"), broken.toString());
    }

    @Test
    void anAuthorizationThatPaysTwiceInAChainIsNamedAtItsSecondUse() throws Exception {
        String agent = "twice-" + UUID.randomUUID();
        CallCompleted first = genuine(agent);
        CallCompleted replay = new CallCompleted(UUID.randomUUID().toString(), first.occurredAt(), first.operationId(),
                first.route(), agent, first.payer(), "paid", first.priceUsdc(), first.chargedAtomic(), first.paymentRef(), 200,
                first.latencyMs(), first.requestJson(), first.responseJson(), first.dataVersions(), first.paymentProof());
        publish(first);
        publish(replay);
        Map<?, ?> verify = awaitVerify(agent, 2);
        Map<?, ?> broken = (Map<?, ?>) verify.get("first_broken");
        assertEquals(2, ((Number) broken.get("sequence")).intValue(), verify.toString());
        assertTrue(((String) broken.get("reason")).startsWith("authorization_reused:"), broken.toString());
        assertEquals(agent + " sequence 1", broken.get("found"));
    }

    @Test
    void trialCallsNeedNoProof() throws Exception {
        String agent = "trial-" + UUID.randomUUID();
        CallCompleted trial = new CallCompleted(UUID.randomUUID().toString(), CallCompleted.canonicalInstant(Instant.now()),
                "rates", "POST /rates", agent, null, "trial", "0.02", 0, null, 200, 3, "{}", "{}", Map.of());
        publish(trial);
        Map<?, ?> verify = awaitVerify(agent, 1);
        assertEquals(true, verify.get("valid"));
        assertEquals(0, ((Number) proofs(verify).get("required")).intValue());
        assertNull(verify.get("first_broken"));
    }

    @Test
    void theOfflineVerifierNamesTheForgedLinkFromAnExport() throws Exception {
        String agent = "offline-" + UUID.randomUUID();
        publish(genuine(agent));
        publish(unproven(agent, "0x1111111111111111111111111111111111111111", "0x" + "02".repeat(32)));
        awaitVerify(agent, 2);
        String export = http.toBlocking().retrieve(HttpRequest.GET("/audit/" + agent + "/export"), String.class);
        assertTrue(export.contains("\"payment_proof\":{"), "the export carries the proofs");
        ChainVerifier.Result result = VerifyExport.verify(new StringReader(export)).get(0);
        assertFalse(result.valid());
        assertEquals(2, result.firstBroken().sequence());
        assertEquals("payment_proof", result.firstBroken().field());

        Path file = Files.createTempFile("audit-export-", ".jsonl");
        Files.writeString(file, export);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int status = VerifyExport.run(new String[] {file.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        String printed = out.toString(StandardCharsets.UTF_8);
        assertEquals(1, status, printed);
        assertTrue(printed.contains("BROKEN  " + agent + ": first broken link at sequence 2, field payment_proof: missing:"), printed);
        assertTrue(printed.contains("UNPROVEN " + agent + ": sequence 2 "), printed);

        // the same export with the recipient pinned to someone else: the genuine payment is refused too
        ChainVerifier.Result pinned = VerifyExport.verify(new StringReader(export), new ChainVerifier.ProofPolicy(
                new PaymentProofCheck(dev.quipu.proof.SignerRecovery.pureJava(), PaymentProofCheck.DEFAULT_SKEW,
                        java.util.Set.of("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC")), null)).get(0);
        assertEquals(1, pinned.firstBroken().sequence());
        assertTrue(pinned.firstBroken().reason().startsWith("pay_to:"), pinned.firstBroken().toString());
        Files.delete(file);
    }

    @Test
    void paidLinksFromBeforeProofsAreLegacyOnlyWhenTheCutOffSaysSo() throws Exception {
        String agent = "legacy-" + UUID.randomUUID();
        publish(unproven(agent, "0x1111111111111111111111111111111111111111", "0x" + "03".repeat(32)));
        awaitVerify(agent, 1);
        String export = http.toBlocking().retrieve(HttpRequest.GET("/audit/" + agent + "/export"), String.class);
        PaymentProofCheck check = PaymentProofCheck.standard();
        ChainVerifier.Result required = VerifyExport.verify(new StringReader(export),
                new ChainVerifier.ProofPolicy(check, Instant.now().minusSeconds(3600))).get(0);
        assertFalse(required.valid(), "linked after the cut-off: a proof is required");
        ChainVerifier.Result legacy = VerifyExport.verify(new StringReader(export),
                new ChainVerifier.ProofPolicy(check, Instant.now().plusSeconds(3600))).get(0);
        assertTrue(legacy.valid(), "linked before the cut-off: listed, not failed");
        assertEquals(1, legacy.proofs().legacy().size());
        assertEquals(0, legacy.proofs().proven());
    }
}
