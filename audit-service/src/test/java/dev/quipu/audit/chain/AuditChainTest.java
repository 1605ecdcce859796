package dev.quipu.audit.chain;

import dev.quipu.audit.verifier.VerifyExport;
import dev.quipu.contracts.events.AuditLink;
import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.contracts.events.Topics;
import dev.quipu.testkit.EmbeddedKafka;
import dev.quipu.testkit.SuiteResources;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import io.micronaut.json.JsonMapper;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.erdtman.jcs.JsonCanonicalizer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import javax.sql.DataSource;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The chain through the real broker and database: fold, publish, read, verify, export, tamper. */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AuditChainTest implements TestPropertyProvider {

    @Inject
    @Client("/")
    HttpClient http;

    @Inject
    JsonMapper json;

    @Inject
    ChainFolder folder;

    private DataSource dataSource;
    private KafkaProducer<String, String> producer;
    private KafkaConsumer<String, String> links;

    @Inject
    void plainDataSource(DataSource pooled, io.micronaut.jdbc.DataSourceResolver resolver) {
        this.dataSource = resolver.resolve(pooled);
    }

    @Override
    public Map<String, String> getProperties() {
        return SuiteResources.forService("quipu_audit");
    }

    @BeforeAll
    void clients() {
        String servers = EmbeddedKafka.shared().bootstrapServers();
        producer = new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, servers),
                new StringSerializer(), new StringSerializer());
        links = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, servers,
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false), new StringDeserializer(), new StringDeserializer());
        List<TopicPartition> partitions = new ArrayList<>();
        for (int p = 0; p < Topics.PARTITIONS; p++) {
            partitions.add(new TopicPartition(Topics.AUDIT_CHAIN, p));
        }
        links.assign(partitions);
        links.seekToEnd(partitions);
        partitions.forEach(links::position);
    }

    @AfterAll
    void close() {
        producer.close();
        links.close();
    }

    /** A paid call with its genuine payment proof (signed with the development key). */
    static CallCompleted call(String agent, int n) {
        return SignedPayments.genuine(new CallCompleted(UUID.randomUUID().toString(),
                Instant.parse("2025-01-15T14:30:00Z").plusSeconds(n).toString(),
                "sanctions_quick", "POST /sanctions/quick", agent, null, "paid",
                "0.01", 10000, new CallCompleted.PaymentRef("eip155:8453", "0xtx" + n, null), 200, 40 + n,
                "{\"name\": \"Juan Pérez " + n + "\", \"country\": \"CO\", \"type\": \"person\"}",
                "{\"risk_score\": 0." + n + "0, \"risk_category\": \"LOW\", \"matches\": [], \"lists_checked\": [\"OFAC_SDN\"]}",
                Map.of("ofac_sdn", "2025-01-1" + n)));
    }

    /** JCS of the proof built independently: the JSON text with every member, through the JCS library. */
    static String proofViaCanonicaliser(CallCompleted.PaymentProof p) throws Exception {
        CallCompleted.TransferAuthorization a = p.authorization();
        String auth = "{\"value\":\"" + a.value() + "\",\"valid_before\":\"" + a.validBefore() + "\",\"valid_after\":\""
                + a.validAfter() + "\",\"to\":\"" + a.to() + "\",\"nonce\":\"" + a.nonce() + "\",\"from\":\"" + a.from() + "\"}";
        return jcs("{\"unverifiable_offline\":null,\"transaction\":null,\"signature\":\"" + p.signature()
                + "\",\"settlement\":\"" + p.settlement() + "\",\"scheme\":\"" + p.scheme() + "\",\"pay_to\":\"" + p.payTo()
                + "\",\"network\":\"" + p.network() + "\",\"authorization\":" + auth + ",\"asset\":\"" + p.asset()
                + "\",\"amount\":\"" + p.amount() + "\"}");
    }

    private void publish(CallCompleted call) throws Exception {
        producer.send(new ProducerRecord<>(Topics.CALLS, call.agentId(), json.writeValueAsString(call))).get();
    }

    private List<AuditLink> awaitLinks(String agent, int count) throws Exception {
        List<AuditLink> found = new ArrayList<>();
        long deadline = System.currentTimeMillis() + 20_000;
        while (found.size() < count && System.currentTimeMillis() < deadline) {
            for (ConsumerRecord<String, String> r : links.poll(Duration.ofMillis(200))) {
                if (agent.equals(r.key())) {
                    found.add(json.readValue(r.value(), AuditLink.class));
                }
            }
        }
        return found;
    }

    private static String sha(String s) throws Exception {
        return "sha256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
    }

    private static String jcs(String s) throws Exception {
        return new JsonCanonicalizer(s).getEncodedString();
    }

    @Test
    void threeCallsFormAChainThatRecomputesByTheDocumentedRule() throws Exception {
        String agent = "agent-" + UUID.randomUUID();
        List<CallCompleted> calls = List.of(call(agent, 1), call(agent, 2), call(agent, 3));
        for (CallCompleted c : calls) {
            publish(c);
        }
        List<AuditLink> published = awaitLinks(agent, 3);
        assertEquals(3, published.size());
        String prev = sha("quipu-aat-genesis-v1|" + agent);
        for (int i = 0; i < 3; i++) {
            CallCompleted c = calls.get(i);
            AuditLink l = published.get(i);
            String query = sha(c.route() + "|" + agent + "|" + jcs(c.requestJson()));
            String response = sha(jcs(c.responseJson()));
            String payment = "{\"access\":\"paid\",\"charged_atomic\":\"10000\",\"network\":\"eip155:8453\",\"nonce\":\""
                    + c.paymentRef().nonce() + "\",\"payer\":\"" + SignedPayments.PAYER + "\",\"transaction\":\"0xtx" + (i + 1) + "\"}";
            String event = sha(String.join("|", query, response, c.eventId(), c.occurredAt(), "0.01", payment,
                    "{\"ofac_sdn\":\"2025-01-1" + (i + 1) + "\"}",
                    "{\"latency_ms\":" + (41 + i) + ",\"operation_id\":\"sanctions_quick\",\"status\":200}",
                    proofViaCanonicaliser(c.paymentProof())));
            assertEquals(i + 1, l.sequence());
            assertEquals(c.eventId(), l.eventId());
            assertEquals(query, l.queryHash());
            assertEquals(response, l.responseHash());
            assertEquals(event, l.eventHash());
            assertEquals(prev, l.prevHash());
            assertEquals(sha(prev + "|" + event + "|" + (i + 1)), l.chainHash());
            prev = l.chainHash();
        }
        Map<?, ?> verify = http.toBlocking().retrieve(HttpRequest.GET("/audit/" + agent + "/verify"), Map.class);
        assertEquals(true, verify.get("valid"));
        assertEquals(3, ((Number) verify.get("links_checked")).intValue());
        assertEquals(3, ((Number) ((Map<?, ?>) verify.get("proofs")).get("proven")).intValue(), verify.toString());
        assertEquals(prev, verify.get("head_chain_hash"));
    }

    @Test
    void aRedeliveredEventAppendsNothingAndRepublishesItsLink() throws Exception {
        String agent = "agent-" + UUID.randomUUID();
        CallCompleted first = call(agent, 1);
        publish(first);
        AuditLink original = awaitLinks(agent, 1).get(0);
        publish(first);
        publish(call(agent, 2));
        List<AuditLink> after = awaitLinks(agent, 2);
        assertEquals(original, after.get(0));
        assertEquals(2, after.get(1).sequence());
        Map<?, ?> page = http.toBlocking().retrieve(HttpRequest.GET("/audit/" + agent), Map.class);
        assertEquals(2, ((List<?>) page.get("links")).size());
    }

    @Test
    void twoCopiesOfAnEventInOneBatchMakeOneLink() throws Exception {
        String agent = "twice-" + UUID.randomUUID();
        String one = text(call(agent, 1));
        List<AuditLink> linked = folder.fold(List.of(one, one, text(call(agent, 2))));
        assertEquals(2, linked.size());
        assertEquals(List.of(1L, 2L), linked.stream().map(AuditLink::sequence).toList());
    }

    @Test
    void oneBatchOverManyAgentsLinksEachInItsOwnChainAndMovesEveryHead() throws Exception {
        // interleaved agents, some with a chain already and some new, redelivered events among new ones
        List<String> agents = new ArrayList<>();
        for (int a = 0; a < 5; a++) {
            agents.add("many-" + a + "-" + UUID.randomUUID());
        }
        String earlier = text(call(agents.get(0), 1));
        folder.fold(List.of(earlier, text(call(agents.get(1), 1))));
        List<String> batch = new ArrayList<>();
        for (int n = 2; n <= 4; n++) {
            for (String agent : agents) {
                batch.add(text(call(agent, n)));
            }
        }
        batch.add(2, earlier);
        List<AuditLink> linked = folder.fold(batch);
        assertEquals(batch.size(), linked.size());
        assertEquals(1L, linked.get(2).sequence());
        for (String agent : agents) {
            long before = agents.indexOf(agent) < 2 ? 1 : 0;
            List<AuditLink> own = linked.stream().filter(l -> l.agentId().equals(agent)).toList();
            assertEquals(List.of(before + 1, before + 2, before + 3),
                    own.stream().map(AuditLink::sequence).filter(q -> q > before).toList());
            Map<?, ?> verify = http.toBlocking().retrieve(HttpRequest.GET("/audit/" + agent + "/verify"), Map.class);
            assertEquals(true, verify.get("valid"), agent);
            assertEquals(own.get(own.size() - 1).chainHash(), verify.get("head_chain_hash"), agent);
        }
    }

    @Test
    void theChainIsPagedAndEachCallCanBeFetched() throws Exception {
        String agent = "paged-" + UUID.randomUUID();
        List<CallCompleted> calls = List.of(call(agent, 1), call(agent, 2), call(agent, 3));
        folder.fold(calls.stream().map(this::text).toList());
        Map<?, ?> page = http.toBlocking().retrieve(HttpRequest.GET("/audit/" + agent + "?limit=2"), Map.class);
        assertEquals(2, ((List<?>) page.get("links")).size());
        assertEquals(3, ((Number) page.get("next_from")).intValue());
        Map<?, ?> rest = http.toBlocking().retrieve(HttpRequest.GET("/audit/" + agent + "?from=3"), Map.class);
        assertEquals(1, ((List<?>) rest.get("links")).size());
        assertNull(rest.get("next_from"));
        Map<?, ?> one = http.toBlocking().retrieve(HttpRequest.GET("/audit/" + agent + "/events/" + calls.get(1).eventId()), Map.class);
        assertEquals(2, ((Number) ((Map<?, ?>) one.get("link")).get("sequence")).intValue());
        assertEquals(calls.get(1).responseJson(), ((Map<?, ?>) one.get("event")).get("response_json"));
    }

    @Test
    void badAgentIdsAndEventIdsAre422AndUnknownEventsAre404() {
        assertEquals(422, status("/audit/bad%20agent!/verify"));
        assertEquals(422, status("/audit/ok-agent?limit=0"));
        assertEquals(422, status("/audit/ok-agent/events/not-a-uuid"));
        assertEquals(404, status("/audit/ok-agent/events/" + UUID.randomUUID()));
    }

    @Test
    void theOfflineVerifierAcceptsAnExportAndNamesATamperedLink() throws Exception {
        String agent = "export-" + UUID.randomUUID();
        folder.fold(List.of(text(call(agent, 1)), text(call(agent, 2)), text(call(agent, 3))));
        String export = http.toBlocking().retrieve(HttpRequest.GET("/audit/" + agent + "/export"), String.class);
        assertEquals(3, export.strip().split("\n").length);
        List<ChainVerifier.Result> ok = VerifyExport.verify(new StringReader(export));
        assertTrue(ok.get(0).valid());
        String tampered = export.replace("risk_score\\\": 0.20", "risk_score\\\": 0.99");
        assertFalse(tampered.equals(export));
        ChainVerifier.Result broken = VerifyExport.verify(new StringReader(tampered)).get(0);
        assertFalse(broken.valid());
        assertEquals(2, broken.firstBroken().sequence());
        assertEquals("response_hash", broken.firstBroken().field());
    }

    /** Each statement tampers with one stored field of the link or event at sequence 2 of a fresh chain. */
    @ParameterizedTest
    @ValueSource(strings = {
            "UPDATE audit_links SET query_hash = 'sha256:00' WHERE agent_id = '%s' AND sequence = 2",
            "UPDATE audit_links SET response_hash = 'sha256:00' WHERE agent_id = '%s' AND sequence = 2",
            "UPDATE audit_links SET event_hash = 'sha256:00' WHERE agent_id = '%s' AND sequence = 2",
            "UPDATE audit_links SET prev_hash = 'sha256:00' WHERE agent_id = '%s' AND sequence = 2",
            "UPDATE audit_links SET chain_hash = 'sha256:00' WHERE agent_id = '%s' AND sequence = 2",
            "UPDATE audit_links SET sequence = 99 WHERE agent_id = '%s' AND sequence = 2",
            "UPDATE call_events SET payload = replace(payload, 'Juan', 'Juana') WHERE event_id = (SELECT event_id FROM audit_links WHERE agent_id = '%s' AND sequence = 2)",
            "UPDATE call_events SET payload = replace(payload, '\"price_usdc\":\"0.01\"', '\"price_usdc\":\"0.02\"') WHERE event_id = (SELECT event_id FROM audit_links WHERE agent_id = '%s' AND sequence = 2)",
            "UPDATE call_events SET payload = replace(payload, '2025-01-12', '2025-01-19') WHERE event_id = (SELECT event_id FROM audit_links WHERE agent_id = '%s' AND sequence = 2)",
            "UPDATE call_events SET payload = replace(payload, '\"status\":200', '\"status\":500') WHERE event_id = (SELECT event_id FROM audit_links WHERE agent_id = '%s' AND sequence = 2)",
            "UPDATE call_events SET operation_id = 'sanctions_screen' WHERE event_id = (SELECT event_id FROM audit_links WHERE agent_id = '%s' AND sequence = 2)",
            "UPDATE call_events SET occurred_at = occurred_at + interval '1 hour' WHERE event_id = (SELECT event_id FROM audit_links WHERE agent_id = '%s' AND sequence = 2)",
            "UPDATE call_events SET agent_id = 'someone-else' WHERE event_id = (SELECT event_id FROM audit_links WHERE agent_id = '%s' AND sequence = 2)",
            // the payment proof is bound into event_hash: a changed authorization is a changed event
            "UPDATE call_events SET payload = replace(payload, '\"valid_before\":\"', '\"valid_before\":\"1') WHERE event_id = (SELECT event_id FROM audit_links WHERE agent_id = '%s' AND sequence = 2)"})
    void verifyNamesExactlyTheTamperedSequence(String tamper) throws Exception {
        String agent = "tamper-" + UUID.randomUUID();
        folder.fold(List.of(text(call(agent, 1)), text(call(agent, 2)), text(call(agent, 3))));
        Map<?, ?> before = http.toBlocking().retrieve(HttpRequest.GET("/audit/" + agent + "/verify"), Map.class);
        assertEquals(true, before.get("valid"));
        try (Connection c = dataSource.getConnection(); Statement st = c.createStatement()) {
            assertEquals(1, st.executeUpdate(tamper.formatted(agent)));
        }
        Map<?, ?> after = http.toBlocking().retrieve(HttpRequest.GET("/audit/" + agent + "/verify"), Map.class);
        assertEquals(false, after.get("valid"));
        assertEquals(2, ((Number) ((Map<?, ?>) after.get("first_broken")).get("sequence")).intValue(), after.toString());
    }

    @Test
    void removingTheLastLinkIsCaughtByTheStoredHead() throws Exception {
        String agent = "truncate-" + UUID.randomUUID();
        folder.fold(List.of(text(call(agent, 1)), text(call(agent, 2)), text(call(agent, 3))));
        try (Connection c = dataSource.getConnection(); Statement st = c.createStatement()) {
            st.executeUpdate("DELETE FROM audit_links WHERE agent_id = '" + agent + "' AND sequence = 3");
        }
        Map<?, ?> after = http.toBlocking().retrieve(HttpRequest.GET("/audit/" + agent + "/verify"), Map.class);
        assertEquals(false, after.get("valid"));
        assertEquals(3, ((Number) ((Map<?, ?>) after.get("first_broken")).get("sequence")).intValue());
    }

    private String text(CallCompleted c) {
        try {
            return json.writeValueAsString(c);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private int status(String uri) {
        try {
            return http.toBlocking().exchange(HttpRequest.GET(uri), String.class).code();
        } catch (HttpClientResponseException e) {
            return e.getStatus().getCode();
        }
    }
}
