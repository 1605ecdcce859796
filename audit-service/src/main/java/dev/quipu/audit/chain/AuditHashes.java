package dev.quipu.audit.chain;

import dev.quipu.contracts.events.CallCompleted;
import org.erdtman.jcs.JsonCanonicalizer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;

/**
 * The hash rule of the audit chain, exactly as {@code docs/audit-chain.md} states it. Everything
 * here is a pure function of the call event, so the service, the verify endpoint and the offline
 * verifier share one definition.
 *
 * <pre>
 * H(x)          = "sha256:" + lowercase hex SHA-256 of the UTF-8 bytes of x
 * query_hash    = H(route | agent_id | JCS(request))
 * response_hash = H(JCS(response))
 * event_hash    = H(query_hash | response_hash | event_id | occurred_at | price | payment | data_versions | outcome)
 * genesis       = H("quipu-aat-genesis-v1" | agent_id)
 * chain_hash    = H(prev_hash | event_hash | sequence)
 * </pre>
 */
public final class AuditHashes {

    public static final String GENESIS_TAG = "quipu-aat-genesis-v1";
    private static final HexFormat HEX = HexFormat.of();

    private AuditHashes() {
    }

    /** The hashes of one link. */
    public record LinkHashes(String queryHash, String responseHash, String eventHash, String prevHash,
                             String chainHash) {
    }

    /** All hashes of the link that appends {@code call} at {@code sequence} after {@code prevHash}. */
    public static LinkHashes link(CallCompleted call, String prevHash, long sequence) {
        String query = queryHash(call);
        String response = responseHash(call.responseJson());
        String event = eventHash(query, response, call);
        return new LinkHashes(query, response, event, prevHash, chainHash(prevHash, event, sequence));
    }

    public static String h(String input) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(input.getBytes(StandardCharsets.UTF_8));
            return "sha256:" + HEX.formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    public static String genesis(String agentId) {
        return h(GENESIS_TAG + "|" + agentId);
    }

    public static String queryHash(CallCompleted call) {
        return h(call.route() + "|" + call.agentId() + "|" + canonical(call.requestJson()));
    }

    public static String responseHash(String responseJson) {
        return h(canonical(responseJson));
    }

    public static String eventHash(String queryHash, String responseHash, CallCompleted call) {
        return h(String.join("|", queryHash, responseHash, call.eventId(), call.occurredAt(), price(call),
                payment(call), dataVersions(call), outcome(call)));
    }

    public static String chainHash(String prevHash, String eventHash, long sequence) {
        return h(prevHash + "|" + eventHash + "|" + sequence);
    }

    /** The list price as the event states it, e.g. {@code 0.05}. */
    public static String price(CallCompleted call) {
        return call.priceUsdc();
    }

    /** How the call was paid: JCS of access, payer, charged amount and the payment reference. */
    public static String payment(CallCompleted call) {
        Map<String, Object> fields = new TreeMap<>();
        fields.put("access", call.access());
        fields.put("payer", call.payer());
        fields.put("charged_atomic", Long.toString(call.chargedAtomic()));
        CallCompleted.PaymentRef ref = call.paymentRef();
        fields.put("network", ref == null ? null : ref.network());
        fields.put("transaction", ref == null ? null : ref.transaction());
        fields.put("nonce", ref == null ? null : ref.nonce());
        return canonical(flatJson(fields));
    }

    /** JCS of the data versions the answer was built from, by name (list versions, rate dates). */
    public static String dataVersions(CallCompleted call) {
        return canonical(flatJson(new TreeMap<>(call.dataVersions())));
    }

    /** JCS of what happened: the operation, the backend's HTTP status and its latency. */
    public static String outcome(CallCompleted call) {
        Map<String, Object> fields = new TreeMap<>();
        fields.put("operation_id", call.operationId());
        fields.put("status", call.status());
        fields.put("latency_ms", call.latencyMs());
        return canonical(flatJson(fields));
    }

    /**
     * RFC 8785 canonical form of a JSON text. An absent body is {@code null}; a body that is not
     * JSON (which no service answers, but a proxy error page might be) is used as its raw text.
     */
    public static String canonical(String json) {
        if (json == null || json.isBlank()) {
            return "null";
        }
        try {
            return new JsonCanonicalizer(json).getEncodedString();
        } catch (IOException | RuntimeException e) {
            return json;
        }
    }

    /** A JSON object of string, number or null values; JCS re-encodes it canonically. */
    static String flatJson(Map<String, ?> fields) {
        StringBuilder out = new StringBuilder("{");
        fields.forEach((name, value) -> {
            if (out.length() > 1) {
                out.append(',');
            }
            quote(out, name).append(':');
            if (value == null) {
                out.append("null");
            } else if (value instanceof Number n) {
                out.append(n);
            } else {
                quote(out, value.toString());
            }
        });
        return out.append('}').toString();
    }

    private static StringBuilder quote(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"');
    }
}
