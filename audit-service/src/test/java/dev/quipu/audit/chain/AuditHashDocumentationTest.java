package dev.quipu.audit.chain;

import dev.quipu.contracts.events.CallCompleted;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** docs/audit-chain.md is the hash rule; its worked example must recompute exactly. */
class AuditHashDocumentationTest {

    private static final Pattern PRINTF = Pattern.compile("printf '%s' '([^']*)' \\| sha256sum\\n# -> ([0-9a-f]{64})");

    static final CallCompleted EXAMPLE = new CallCompleted("0190f5a0-7b1c-7d2e-8f3a-4b5c6d7e8f90",
            "2025-01-15T14:30:00.000000Z", "sanctions_quick", "POST /sanctions/quick", "agent-demo-1",
            "0x1111111111111111111111111111111111111111", "paid", "0.01", 10000,
            new CallCompleted.PaymentRef("eip155:8453", "0xabc123", "0x01"), 200, 42,
            "{\"type\":\"person\", \"name\":\"Juan Pérez\",\"country\":\"CO\"}",
            "{\"risk_score\":0.0,\"risk_category\":\"LOW\",\"matches\":[],\"lists_checked\":[\"OFAC_SDN\"]}",
            Map.of("ofac_sdn", "2025-01-14"));

    /** The first worked example: from its heading to the next section (the paid-evidence example has its own test). */
    private static String doc() throws IOException {
        String doc = Files.readString(Path.of("..", "docs", "audit-chain.md"), StandardCharsets.UTF_8);
        int start = doc.indexOf("\n## Worked example");
        return doc.substring(start, doc.indexOf("\n## ", start + 1));
    }

    private static List<String[]> printfLines(String doc) {
        List<String[]> lines = new ArrayList<>();
        Matcher m = PRINTF.matcher(doc);
        while (m.find()) {
            lines.add(new String[] {m.group(1), m.group(2)});
        }
        return lines;
    }

    @Test
    void everyPrintfLineOfTheWorkedExampleHashesToTheHexItStates() throws Exception {
        List<String[]> lines = printfLines(doc());
        assertEquals(5, lines.size());
        for (String[] line : lines) {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(line[0].getBytes(StandardCharsets.UTF_8));
            assertEquals(line[1], HexFormat.of().formatHex(digest), line[0]);
        }
    }

    @Test
    void theServiceComputesTheDocumentedPreImagesAndHashes() throws Exception {
        List<String[]> lines = printfLines(doc());
        String genesis = AuditHashes.genesis(EXAMPLE.agentId());
        AuditHashes.LinkHashes link = AuditHashes.link(EXAMPLE, genesis, 1);
        assertEquals("quipu-aat-genesis-v1|agent-demo-1", lines.get(0)[0]);
        assertEquals("sha256:" + lines.get(0)[1], genesis);
        assertEquals("POST /sanctions/quick|agent-demo-1|" + AuditHashes.canonical(EXAMPLE.requestJson()), lines.get(1)[0]);
        assertEquals("sha256:" + lines.get(1)[1], link.queryHash());
        assertEquals(AuditHashes.canonical(EXAMPLE.responseJson()), lines.get(2)[0]);
        assertEquals("sha256:" + lines.get(2)[1], link.responseHash());
        assertEquals(String.join("|", link.queryHash(), link.responseHash(), EXAMPLE.eventId(), EXAMPLE.occurredAt(),
                "0.01", AuditHashes.payment(EXAMPLE), AuditHashes.dataVersions(EXAMPLE), AuditHashes.outcome(EXAMPLE)),
                lines.get(3)[0]);
        assertEquals("sha256:" + lines.get(3)[1], link.eventHash());
        assertEquals(genesis + "|" + link.eventHash() + "|1", lines.get(4)[0]);
        assertEquals("sha256:" + lines.get(4)[1], link.chainHash());
        assertTrue(doc().contains("| chain_hash | `" + link.chainHash() + "` |"));
    }

    @Test
    void canonicalJsonSortsKeysDropsWhitespaceAndNormalisesNumbers() {
        assertEquals("{\"a\":[1,\"x\"],\"b\":1000}", AuditHashes.canonical("{ \"b\": 1e3, \"a\": [1.0, \"x\"] }"));
    }

    @Test
    void anAbsentBodyIsTheJsonNull() {
        assertEquals("null", AuditHashes.canonical(null));
        assertEquals(AuditHashes.h("null"), AuditHashes.responseHash(""));
    }

    @Test
    void everyBoundFieldChangesTheEventHash() {
        String base = AuditHashes.link(EXAMPLE, "p", 1).eventHash();
        List<CallCompleted> variants = List.of(
                with(EXAMPLE.responseJson().replace("LOW", "HIGH"), EXAMPLE.priceUsdc(), 200, EXAMPLE.dataVersions()),
                with(EXAMPLE.responseJson(), "0.05", 200, EXAMPLE.dataVersions()),
                with(EXAMPLE.responseJson(), EXAMPLE.priceUsdc(), 500, EXAMPLE.dataVersions()),
                with(EXAMPLE.responseJson(), EXAMPLE.priceUsdc(), 200, Map.of("ofac_sdn", "2025-01-15")));
        for (CallCompleted v : variants) {
            assertTrue(!base.equals(AuditHashes.link(v, "p", 1).eventHash()), v.toString());
        }
    }

    private static CallCompleted with(String response, String price, int status, Map<String, String> versions) {
        CallCompleted e = EXAMPLE;
        return new CallCompleted(e.eventId(), e.occurredAt(), e.operationId(), e.route(), e.agentId(), e.payer(),
                e.access(), price, e.chargedAtomic(), e.paymentRef(), status, e.latencyMs(), e.requestJson(), response,
                versions);
    }
}
