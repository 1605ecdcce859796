package dev.quipu.payment.admission;

import dev.quipu.contracts.events.CallCompleted;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;

/**
 * payment-service's answer to the gateway: admit the call (with what to charge and a ticket to
 * complete it), deliver the backend's answer with extra headers, or answer this response instead.
 *
 * @param decision   {@code admit}, {@code deliver} or {@code respond}
 * @param bodyBase64 the response body, base64 (a replayed response may be any bytes)
 */
@Serdeable
public record Decision(String decision, @Nullable String access, @Nullable String payer, long chargedAtomic,
                       @Nullable CallCompleted.PaymentRef paymentRef, @Nullable String ticket, int status,
                       Map<String, String> headers, @Nullable String contentType, @Nullable String bodyBase64) {

    public Decision {
        headers = headers == null ? Map.of() : headers;
    }

    public static Decision admit(String access, String payer, long charged, CallCompleted.PaymentRef ref, String ticket) {
        return new Decision("admit", access, payer, charged, ref, ticket, 0, Map.of(), null, null);
    }

    public static Decision deliver(Map<String, String> headers) {
        return new Decision("deliver", null, null, 0, null, null, 0, headers, null, null);
    }

    public static Decision respond(int status, Map<String, String> headers, String contentType, byte[] body) {
        return new Decision("respond", null, null, 0, null, null, status, headers, contentType,
                body == null ? null : Base64.getEncoder().encodeToString(body));
    }

    public static Decision respondJson(int status, Map<String, String> headers, String json) {
        return respond(status, headers, "application/json", json.getBytes(StandardCharsets.UTF_8));
    }
}
