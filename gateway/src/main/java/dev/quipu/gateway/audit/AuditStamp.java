package dev.quipu.gateway.audit;

import dev.quipu.contracts.events.AuditLink;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Adds {@code audit_hash} and {@code aat} to a JSON object answer. The backend's bytes are kept as
 * they are and the two members are appended before the closing brace, so the answer minus those
 * members is exactly what the chain's {@code response_hash} covers.
 */
@Singleton
public class AuditStamp {

    private final JsonMapper json;

    public AuditStamp(JsonMapper json) {
        this.json = json;
    }

    /** @return the stamped body, or {@code body} unchanged when it is not a JSON object */
    public byte[] stamp(byte[] body, @Nullable AuditLink link, String eventId, String agentId) {
        if (body == null) {
            return null;
        }
        String text = new String(body, StandardCharsets.UTF_8).strip();
        if (text.length() < 2 || text.charAt(0) != '{' || text.charAt(text.length() - 1) != '}') {
            return body;
        }
        Map<String, Object> aat = new LinkedHashMap<>();
        aat.put("agent_id", link == null ? agentId : link.agentId());
        aat.put("event_id", eventId);
        if (link != null) {
            aat.put("sequence", link.sequence());
            aat.put("query_hash", link.queryHash());
            aat.put("response_hash", link.responseHash());
            aat.put("event_hash", link.eventHash());
            aat.put("prev_hash", link.prevHash());
            aat.put("chain_hash", link.chainHash());
            aat.put("status", "confirmed");
        } else {
            aat.put("status", "pending");
            aat.put("href", "/audit/" + agentId + "/events/" + eventId);
        }
        String inner = text.substring(1, text.length() - 1);
        boolean empty = inner.isBlank();
        try {
            String added = "\"audit_hash\":" + (link == null ? "null" : json.writeValueAsString(link.eventHash()))
                    + ",\"aat\":" + json.writeValueAsString(aat);
            return ("{" + inner + (empty ? "" : ",") + added + "}").getBytes(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
