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
 *                 or, when the event carries a payment_proof,
 *                 H(query_hash | response_hash | event_id | occurred_at | price | payment | data_versions | outcome | proof)
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

    /** One digest per thread: {@code MessageDigest.getInstance} looks the provider up on every call. */
    private static final ThreadLocal<MessageDigest> SHA256 = ThreadLocal.withInitial(() -> {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    });

    /** Integers up to 2^53 are exact doubles, so JCS writes them as their plain decimal digits. */
    private static final long EXACT_DOUBLE = 1L << 53;

    public static String h(String input) {
        byte[] digest = SHA256.get().digest(input.getBytes(StandardCharsets.UTF_8));
        return "sha256:" + HEX.formatHex(digest);
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

    /**
     * The event hash. The {@code proof} part is appended only when the event carries a payment proof,
     * so that every link made before proofs existed keeps its hash.
     */
    public static String eventHash(String queryHash, String responseHash, CallCompleted call) {
        String parts = String.join("|", queryHash, responseHash, call.eventId(), call.occurredAt(), price(call),
                payment(call), dataVersions(call), outcome(call));
        return h(call.paymentProof() == null ? parts : parts + "|" + proof(call.paymentProof()));
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
        CallCompleted.PaymentRef ref = call.paymentRef();
        // the members in JCS order (UTF-16 code units of the names); every value is a string or null
        StringBuilder out = new StringBuilder(192).append('{');
        member(out, "access");
        jcsString(out, call.access());
        member(out.append(','), "charged_atomic");
        jcsString(out, Long.toString(call.chargedAtomic()));
        member(out.append(','), "network");
        jcsString(out, ref == null ? null : ref.network());
        member(out.append(','), "nonce");
        jcsString(out, ref == null ? null : ref.nonce());
        member(out.append(','), "payer");
        jcsString(out, call.payer());
        member(out.append(','), "transaction");
        jcsString(out, ref == null ? null : ref.transaction());
        return out.append('}').toString();
    }

    /**
     * JCS of the payment proof: every member present, in JCS order, strings or null, the authorization a
     * nested object of six strings (or null):
     * {@code {"amount","asset","authorization":{"from","nonce","to","valid_after","valid_before","value"},
     * "network","pay_to","scheme","settlement","signature","transaction","unverifiable_offline"}}.
     */
    public static String proof(CallCompleted.PaymentProof p) {
        StringBuilder out = new StringBuilder(768).append('{');
        member(out, "amount");
        jcsString(out, p.amount());
        member(out.append(','), "asset");
        jcsString(out, p.asset());
        member(out.append(','), "authorization");
        CallCompleted.TransferAuthorization a = p.authorization();
        if (a == null) {
            out.append("null");
        } else {
            member(out.append('{'), "from");
            jcsString(out, a.from());
            member(out.append(','), "nonce");
            jcsString(out, a.nonce());
            member(out.append(','), "to");
            jcsString(out, a.to());
            member(out.append(','), "valid_after");
            jcsString(out, a.validAfter());
            member(out.append(','), "valid_before");
            jcsString(out, a.validBefore());
            member(out.append(','), "value");
            jcsString(out, a.value());
            out.append('}');
        }
        member(out.append(','), "network");
        jcsString(out, p.network());
        member(out.append(','), "pay_to");
        jcsString(out, p.payTo());
        member(out.append(','), "scheme");
        jcsString(out, p.scheme());
        member(out.append(','), "settlement");
        jcsString(out, p.settlement());
        member(out.append(','), "signature");
        jcsString(out, p.signature());
        member(out.append(','), "transaction");
        jcsString(out, p.transaction());
        member(out.append(','), "unverifiable_offline");
        jcsString(out, p.unverifiableOffline());
        return out.append('}').toString();
    }

    /** JCS of the data versions the answer was built from, by name (list versions, rate dates). */
    public static String dataVersions(CallCompleted call) {
        // TreeMap orders String keys by UTF-16 code units, which is JCS's order
        StringBuilder out = new StringBuilder(96).append('{');
        new TreeMap<>(call.dataVersions()).forEach((name, version) -> {
            if (out.length() > 1) {
                out.append(',');
            }
            jcsString(out, name);
            out.append(':');
            jcsString(out, version);
        });
        return out.append('}').toString();
    }

    /** JCS of what happened: the operation, the backend's HTTP status and its latency. */
    public static String outcome(CallCompleted call) {
        if (Math.abs(call.latencyMs()) > EXACT_DOUBLE) {
            // beyond 2^53 JCS rounds the number to a double: let the canonicaliser do exactly that
            Map<String, Object> fields = new TreeMap<>();
            fields.put("operation_id", call.operationId());
            fields.put("status", call.status());
            fields.put("latency_ms", call.latencyMs());
            return canonical(flatJson(fields));
        }
        StringBuilder out = new StringBuilder(80).append('{');
        member(out, "latency_ms").append(call.latencyMs()).append(',');
        member(out, "operation_id");
        jcsString(out, call.operationId());
        member(out.append(','), "status").append(call.status());
        return out.append('}').toString();
    }

    /** {@code "name":} for a name that needs no escaping. */
    private static StringBuilder member(StringBuilder out, String name) {
        return out.append('"').append(name).append("\":");
    }

    /**
     * Appends {@code value} as JCS writes a string (RFC 8785 section 3.2.2.2): quotation mark and
     * backslash escaped, the five short escapes, other control characters as lower-case
     * {@code \\u00xx}, everything else as is; {@code null} for null.
     */
    static void jcsString(StringBuilder out, String value) {
        if (value == null) {
            out.append("null");
            return;
        }
        out.append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '\n' -> out.append("\\n");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                default -> {
                    if (c < 0x20) {
                        out.append("\\u00").append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 0xf, 16));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
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
