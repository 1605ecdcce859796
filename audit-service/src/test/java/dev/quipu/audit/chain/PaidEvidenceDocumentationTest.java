package dev.quipu.audit.chain;

import dev.quipu.audit.verifier.VerifyExport;
import dev.quipu.contracts.events.AuditLink;
import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.proof.EvmSignature;
import dev.quipu.proof.Network;
import dev.quipu.proof.PaymentProofCheck;
import dev.quipu.proof.SignerRecovery;
import dev.quipu.proof.TransferWithAuthorization;
import io.micronaut.json.JsonMapper;
import org.junit.jupiter.api.Test;
import org.web3j.crypto.Credentials;
import org.web3j.utils.Numeric;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/audit-chain.md, "Paid evidence that proves itself": every value of the worked example is
 * recomputed here (the authorization signed with the public development key, its digest, the
 * recovered signer, the event hash with its proof part, and what the offline verifier prints), so the
 * page cannot drift from the code. ECDSA signatures are deterministic (RFC 6979), so the signature is too.
 */
class PaidEvidenceDocumentationTest {

    static final Credentials DEV = Credentials.create("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
    /** As a wallet presents it (EIP-55 checksum); the event's payer is the lower-case form. */
    static final String FROM = org.web3j.crypto.Keys.toChecksumAddress(DEV.getAddress());
    static final String PAY_TO = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    static final String NONCE = "0x" + "5155" + "0".repeat(56) + "0001";
    static final String OCCURRED_AT = "2025-01-15T14:30:00.000000Z";
    static final long AT = Instant.parse(OCCURRED_AT).getEpochSecond();
    static final String VALID_AFTER = Long.toString(AT - 600);
    static final String VALID_BEFORE = Long.toString(AT + 60);
    static final String TX = "0xabc123";

    static byte[] digest() {
        return TransferWithAuthorization.digest(Network.BASE, FROM, PAY_TO, BigInteger.valueOf(10000),
                new BigInteger(VALID_AFTER), new BigInteger(VALID_BEFORE), NONCE);
    }

    static CallCompleted example() {
        CallCompleted base = AuditHashDocumentationTest.EXAMPLE;
        CallCompleted.PaymentProof proof = new CallCompleted.PaymentProof("exact", "eip155:8453", Network.BASE.usdc(), PAY_TO,
                "10000", new CallCompleted.TransferAuthorization(FROM, PAY_TO, "10000", VALID_AFTER, VALID_BEFORE,
                NONCE), EvmSignature.sign(digest(), DEV.getEcKeyPair()), null, TX, null);
        return new CallCompleted(base.eventId(), base.occurredAt(), base.operationId(), base.route(), base.agentId(),
                DEV.getAddress().toLowerCase(), "paid", base.priceUsdc(), base.chargedAtomic(),
                new CallCompleted.PaymentRef("eip155:8453", TX, NONCE), base.status(), base.latencyMs(), base.requestJson(),
                base.responseJson(), base.dataVersions(), proof);
    }

    /** The example forged: the same call claimed by another payer with a made-up nonce and no proof. */
    static CallCompleted forged() {
        CallCompleted e = example();
        return new CallCompleted("0190f5a0-7b1c-7d2e-8f3a-4b5c6d7e8f91", "2025-01-15T14:31:00.000000Z", e.operationId(),
                e.route(), e.agentId(), "0x1111111111111111111111111111111111111111", "paid", e.priceUsdc(), e.chargedAtomic(),
                new CallCompleted.PaymentRef("eip155:8453", "0xdef456", "0x02"), e.status(), e.latencyMs(), e.requestJson(),
                e.responseJson(), e.dataVersions(), null);
    }

    static String export(CallCompleted... events) throws Exception {
        JsonMapper json = JsonMapper.createDefault();
        StringBuilder out = new StringBuilder();
        String prev = AuditHashes.genesis(events[0].agentId());
        for (int i = 0; i < events.length; i++) {
            AuditHashes.LinkHashes h = AuditHashes.link(events[i], prev, i + 1);
            AuditLink link = new AuditLink(events[i].agentId(), i + 1, events[i].eventId(), h.queryHash(), h.responseHash(),
                    h.eventHash(), h.prevHash(), h.chainHash());
            out.append(json.writeValueAsString(ExportLine.of(link, events[i], null))).append('\n');
            prev = h.chainHash();
        }
        return out.toString();
    }

    static String verifierOutput(String export) throws Exception {
        Path file = Files.createTempFile("paid-evidence-", ".jsonl");
        Files.writeString(file, export);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        VerifyExport.run(new String[] {file.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        Files.delete(file);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static String section() throws Exception {
        String doc = Files.readString(Path.of("..", "docs", "audit-chain.md"), StandardCharsets.UTF_8);
        int start = doc.indexOf("\n## Paid evidence that proves itself");
        assertTrue(start >= 0, "the section exists");
        return doc.substring(start, doc.indexOf("\n## ", start + 1));
    }

    @Test
    void theSignatureDigestAndSignerAreTheDocumented() throws Exception {
        String doc = section();
        CallCompleted e = example();
        assertTrue(doc.contains("`" + Numeric.toHexString(TransferWithAuthorization.domainSeparator("USD Coin", "2", 8453,
                Network.BASE.usdc())) + "`"), "domain separator");
        assertTrue(doc.contains("`" + Numeric.toHexString(digest()) + "`"), "digest");
        assertTrue(doc.contains("`" + e.paymentProof().signature() + "`"), "signature");
        assertTrue(doc.contains("\"validAfter\":\"" + VALID_AFTER + "\",\"validBefore\":\"" + VALID_BEFORE + "\""));
        assertTrue(doc.contains("`" + FROM + "` = `from`"), "recovered signer");
        for (SignerRecovery engine : new SignerRecovery[] {SignerRecovery.pureJava(), SignerRecovery.fastest()}) {
            PaymentProofCheck.Verdict v = new PaymentProofCheck(engine, PaymentProofCheck.DEFAULT_SKEW, java.util.Set.of()).check(e);
            assertEquals(PaymentProofCheck.Status.VALID, v.status(), v.toString());
            assertEquals(FROM.toLowerCase(), v.signer());
            assertEquals(Numeric.toHexString(digest()), v.digest());
        }
        // the digest as web3j's StructuredDataEncoder computes it from the typed data alone
        assertEquals(Numeric.toHexString(digest()), Numeric.toHexString(TransferWithAuthorization.digestWithEncoder("USD Coin", "2",
                8453, Network.BASE.usdc(), FROM, PAY_TO, BigInteger.valueOf(10000), new BigInteger(VALID_AFTER),
                new BigInteger(VALID_BEFORE), NONCE)));
    }

    @Test
    void theEventItsHashesAndTheVerifierOutputAreTheDocumented() throws Exception {
        String doc = section();
        CallCompleted e = example();
        CallCompleted published = JsonMapper.createDefault().readValue(jsonBlockAfter(doc, "The event as published"), CallCompleted.class);
        assertEquals(e, published, "the documented event is the example, proof included");
        AuditHashes.LinkHashes h = AuditHashes.link(e, AuditHashes.genesis(e.agentId()), 1);
        String preImage = String.join("|", h.queryHash(), h.responseHash(), e.eventId(), e.occurredAt(), e.priceUsdc(),
                AuditHashes.payment(e), AuditHashes.dataVersions(e), AuditHashes.outcome(e), AuditHashes.proof(e.paymentProof()));
        assertTrue(doc.contains("printf '%s' '" + preImage + "' | sha256sum\n# -> " + h.eventHash().substring(7)), "event_hash");
        assertTrue(doc.contains("printf '%s' '" + h.prevHash() + "|" + h.eventHash() + "|1' | sha256sum\n# -> "
                + h.chainHash().substring(7)), "chain_hash");
        for (String line : verifierOutput(export(e)).strip().split("\n")) {
            assertTrue(doc.contains(line), line);
        }
        String forged = verifierOutput(export(e, forged()));
        assertTrue(forged.startsWith("BROKEN  agent-demo-1: first broken link at sequence 2, field payment_proof: missing:"), forged);
        for (String line : forged.strip().split("\n")) {
            assertTrue(doc.contains(line), line);
        }
    }

    /** The JSON object of the first json code block after {@code marker}, lines joined. */
    private static String jsonBlockAfter(String doc, String marker) {
        int start = doc.indexOf("```json", doc.indexOf(marker)) + "```json".length();
        return doc.substring(start, doc.indexOf("```", start)).strip();
    }
}
