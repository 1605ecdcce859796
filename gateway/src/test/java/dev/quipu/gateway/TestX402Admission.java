package dev.quipu.gateway;

import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.gateway.admission.Admission;
import dev.quipu.gateway.admission.CallAdmission;
import dev.quipu.gateway.admission.PaidCall;
import dev.quipu.gateway.discovery.PaymentHeaders;
import dev.quipu.gateway.routing.Backends;
import io.micronaut.context.annotation.Primary;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An x402-shaped admission for tests of the MCP binding and the node clients, active only with
 * {@code quipu.test.x402-admission=true}: 402 with PAYMENT-REQUIRED for unpaid calls, admission for
 * a PAYMENT-SIGNATURE whose payload names one of the accepts (each nonce once), X-TRIAL on trial
 * operations, and PAYMENT-RESPONSE on completion. It checks no signature: the real paywall's
 * verification has its own tests; this exercises how MCP carries payments, not how they are verified.
 */
@Singleton
@Primary
@Requires(property = "quipu.test.x402-admission", value = "true")
public class TestX402Admission implements CallAdmission {

    public static final String PAY_TO = "0x209693Bc6afc0C5328bA36FaF03C514EF312287C";
    public static final String USDC_BASE = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";

    private final PaymentHeaders headers;
    private final Set<String> usedNonces = ConcurrentHashMap.newKeySet();

    public TestX402Admission(PaymentHeaders headers) {
        this.headers = headers;
    }

    public static Map<String, Object> accept(PaidCall call) {
        return Map.of("scheme", "exact", "network", "eip155:8453", "amount", Long.toString(call.operation().priceAtomic()),
                "asset", USDC_BASE, "payTo", PAY_TO, "maxTimeoutSeconds", 60,
                "extra", Map.of("name", "USD Coin", "version", "2"));
    }

    @Override
    public Admission admit(PaidCall call) {
        String signature = call.header(PaymentHeaders.PAYMENT_SIGNATURE);
        if (signature != null) {
            Map<String, Object> payload = headers.decode(signature).orElse(Map.of());
            Object nonce = payload.get("payload") instanceof Map<?, ?> p && p.get("authorization") instanceof Map<?, ?> a
                    ? a.get("nonce") : null;
            if (accept(call).equals(payload.get("accepted")) && nonce != null && usedNonces.add(nonce.toString())) {
                return new Admission.Admitted("paid", "0x857b06519E91e3A54538791bDbb0E22373e36b66",
                        call.operation().priceAtomic(), new CallCompleted.PaymentRef("eip155:8453", null, nonce.toString()),
                        nonce.toString());
            }
            return refuse(call, "invalid_payment");
        }
        if ("true".equals(call.header("X-TRIAL")) && call.operation().trial()) {
            return new Admission.Admitted("trial", null, 0, null, null);
        }
        return refuse(call, "Payment required");
    }

    private Admission refuse(PaidCall call, String error) {
        Map<String, Object> required = Map.of("x402Version", 2, "error", error,
                "resource", Map.of("url", call.resourceUrl(), "mimeType", "application/json"),
                "accepts", List.of(accept(call)));
        return new Admission.Refused(HttpResponse.status(HttpStatus.PAYMENT_REQUIRED)
                .header(PaymentHeaders.PAYMENT_REQUIRED, headers.encode(required))
                .body(Map.of("error", "payment_required")));
    }

    @Override
    public Completion complete(PaidCall call, Admission.Admitted admitted, Backends.BackendAnswer answer,
                               CallCompleted event) {
        if (!"paid".equals(admitted.access())) {
            return Completion.deliver(Map.of());
        }
        return Completion.deliver(Map.of(PaymentHeaders.PAYMENT_RESPONSE, headers.encode(Map.of("success", true,
                "transaction", "0x" + "ab".repeat(32), "network", "eip155:8453", "payer", admitted.payer()))));
    }
}
