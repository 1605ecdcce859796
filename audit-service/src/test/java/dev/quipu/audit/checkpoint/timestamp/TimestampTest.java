package dev.quipu.audit.checkpoint.timestamp;

import dev.quipu.audit.chain.ChainFolder;
import dev.quipu.audit.checkpoint.CheckpointService;
import dev.quipu.audit.verifier.VerifyExport;
import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.testkit.SuiteResources;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.json.JsonMapper;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * RFC 3161 time-stamps of checkpoints against a local TSA (BouncyCastle behind a JDK HTTP server on
 * 127.0.0.1), with the real clock: the first configured TSA refuses connections, so every token comes
 * from the second; when both fail the checkpoint is kept untimestamped and the retry pass stamps it.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TimestampTest implements TestPropertyProvider {

    @Inject
    @Client("/")
    HttpClient http;

    @Inject
    JsonMapper json;

    @Inject
    ChainFolder folder;

    @Inject
    CheckpointService checkpoints;

    private LocalTsa tsa;
    private String refused;

    @Override
    public Map<String, String> getProperties() {
        try {
            tsa = new LocalTsa("Quipu Local TSA");
            try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
                refused = "http://127.0.0.1:" + s.getLocalPort() + "/tsr";
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        Map<String, String> props = new HashMap<>(SuiteResources.forService("quipu_audit"));
        props.put("quipu.audit.timestamp.urls", refused + "," + tsa.url());
        props.put("quipu.audit.timestamp.timeout", "5s");
        return props;
    }

    @AfterAll
    void stopTsa() {
        tsa.close();
    }

    private String call(String agent, int n) throws Exception {
        return json.writeValueAsString(new CallCompleted(UUID.randomUUID().toString(), Instant.now().toString(),
                "rates", "POST /rates", agent, null, "trial", "0.02", 0, null, 200, 5, "{\"country\":\"CO\"}",
                "{\"usd_cop\":\"4000." + n + "\"}", Map.of("banrep_trm", "2025-01-1" + n)));
    }

    private CheckpointService.Checkpoint newCheckpoint(String prefix) throws Exception {
        String agent = prefix + "-" + UUID.randomUUID();
        folder.fold(List.of(call(agent, 1), call(agent, 2)));
        return checkpoints.takeIfChanged().orElseThrow();
    }

    private record Run(int status, String out) {
    }

    private static Run verify(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = VerifyExport.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(status, out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aCheckpointIsTimeStampedServedAndVerifiedOffline() throws Exception {
        Instant before = Instant.now();
        CheckpointService.Checkpoint cp = newCheckpoint("tsa");
        Instant after = Instant.now();
        assertTrue(cp.timestamped(), "the second TSA answers when the first refuses");
        assertEquals(tsa.url(), cp.timestampUrl());

        Map<?, ?> fetched = http.toBlocking().retrieve(HttpRequest.GET("/audit-checkpoints/" + cp.checkpointId()), Map.class);
        assertEquals(true, fetched.get("timestamped"));
        assertEquals(tsa.url(), fetched.get("timestamp_url"));
        assertNotNull(fetched.get("timestamp_token"));
        Instant genTime = Instant.parse((String) fetched.get("gen_time"));
        assertFalse(genTime.isBefore(before.minusSeconds(1)) || genTime.isAfter(after.plusSeconds(1)), "gen_time " + genTime);
        TimestampTokens.Check check = TimestampTokens.check(java.util.Base64.getDecoder().decode((String) fetched.get("timestamp_token")),
                (String) fetched.get("signed_statement"), tsa.caCert);
        assertTrue(check.valid(), check.reason());

        Map<?, ?> list = http.toBlocking().retrieve(HttpRequest.GET("/audit-checkpoints"), Map.class);
        Map<?, ?> listed = ((List<?>) list.get("checkpoints")).stream().map(Map.class::cast)
                .filter(m -> ((Number) m.get("checkpoint_id")).longValue() == cp.checkpointId()).findFirst().orElseThrow();
        assertEquals(true, listed.get("timestamped"));
        assertNull(listed.get("timestamp_token"), "the list carries no tokens");

        // the offline verifier, on the checkpoint exactly as served, with and without the TSA's CA pinned
        Path dir = Files.createTempDirectory("tsa");
        Path file = dir.resolve("checkpoint.json");
        Files.writeString(file, json.writeValueAsString(fetched));
        Path ca = dir.resolve("ca.der");
        Files.write(ca, tsa.caCert.getEncoded());
        Run ok = verify("--checkpoint", file.toString(), "--tsa-cert", ca.toString());
        assertEquals(0, ok.status(), ok.out());
        assertTrue(ok.out().startsWith("OK      checkpoint " + cp.checkpointId() + ": merkle root " + cp.merkleRoot()), ok.out());
        assertTrue(ok.out().contains("time-stamped at " + genTime + " by CN=Quipu Local TSA,O=Quipu Test"), ok.out());
        assertEquals(0, verify("--checkpoint", file.toString()).status());

        // another TSA's CA pinned: the issuer is named
        try (LocalTsa other = new LocalTsa("Other TSA")) {
            Path otherCa = dir.resolve("other.der");
            Files.write(otherCa, other.caCert.getEncoded());
            Run pinned = verify("--checkpoint", file.toString(), "--tsa-cert", otherCa.toString());
            assertEquals(1, pinned.status(), pinned.out());
            assertTrue(pinned.out().contains("field issuer"), pinned.out());
        }

        // this token beside another checkpoint (another root): the imprint does not match
        CheckpointService.Checkpoint second = newCheckpoint("tsa-other");
        Map<String, Object> swapped = new LinkedHashMap<>(json.readValue(json.writeValueAsString(
                http.toBlocking().retrieve(HttpRequest.GET("/audit-checkpoints/" + second.checkpointId()), Map.class)), Map.class));
        swapped.put("timestamp_token", fetched.get("timestamp_token"));
        Path swappedFile = dir.resolve("swapped.json");
        Files.writeString(swappedFile, json.writeValueAsString(swapped));
        Run wrongRoot = verify("--checkpoint", swappedFile.toString());
        assertEquals(1, wrongRoot.status(), wrongRoot.out());
        assertTrue(wrongRoot.out().contains("BROKEN  checkpoint " + second.checkpointId() + ": field imprint"), wrongRoot.out());

        // a tampered root: the heads no longer recompute to it
        Map<String, Object> tampered = new LinkedHashMap<>(json.readValue(json.writeValueAsString(fetched), Map.class));
        tampered.put("merkle_root", second.merkleRoot());
        Path tamperedFile = dir.resolve("tampered.json");
        Files.writeString(tamperedFile, json.writeValueAsString(tampered));
        Run badRoot = verify("--checkpoint", tamperedFile.toString());
        assertEquals(1, badRoot.status(), badRoot.out());
        assertTrue(badRoot.out().contains("field merkle_root"), badRoot.out());

        // a tampered root with the heads left out: the token's imprint no longer matches the statement
        tampered.remove("heads");
        Files.writeString(tamperedFile, json.writeValueAsString(tampered));
        Run badImprint = verify("--checkpoint", tamperedFile.toString());
        assertEquals(1, badImprint.status(), badImprint.out());
        assertTrue(badImprint.out().contains("field imprint"), badImprint.out());

        // a tampered token (one byte of its signature flipped): the signature is named
        byte[] der = java.util.Base64.getDecoder().decode((String) fetched.get("timestamp_token"));
        der[der.length - 5] ^= 1;
        Map<String, Object> badToken = new LinkedHashMap<>(json.readValue(json.writeValueAsString(fetched), Map.class));
        badToken.put("timestamp_token", java.util.Base64.getEncoder().encodeToString(der));
        Path badTokenFile = dir.resolve("bad-token.json");
        Files.writeString(badTokenFile, json.writeValueAsString(badToken));
        Run badSig = verify("--checkpoint", badTokenFile.toString());
        assertEquals(1, badSig.status(), badSig.out());
        assertTrue(badSig.out().contains("BROKEN  checkpoint " + cp.checkpointId() + ": field signature"), badSig.out());
    }

    @Test
    void withEveryTsaDownTheCheckpointIsKeptAndStampedByTheRetryPass() throws Exception {
        tsa.down = true;
        CheckpointService.Checkpoint cp;
        try {
            cp = newCheckpoint("tsa-down");
        } finally {
            tsa.down = false;
        }
        assertFalse(cp.timestamped());
        Map<?, ?> fetched = http.toBlocking().retrieve(HttpRequest.GET("/audit-checkpoints/" + cp.checkpointId()), Map.class);
        assertEquals(false, fetched.get("timestamped"));
        assertNull(fetched.get("timestamp_token"));

        assertTrue(checkpoints.stampPending() >= 1);
        CheckpointService.Checkpoint later = checkpoints.find(cp.checkpointId()).orElseThrow();
        assertTrue(later.timestamped());
        assertEquals(tsa.url(), later.timestampUrl());
        assertTrue(TimestampTokens.check(java.util.Base64.getDecoder().decode(later.timestampToken()), later.signedStatement(), null).valid());
        assertEquals(0, checkpoints.stampPending(), "nothing left to stamp");
    }
}
