package dev.quipu.gateway.discovery;

import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.contracts.pricebook.Operation;
import dev.quipu.contracts.pricebook.PriceBook;
import dev.quipu.gateway.admission.Admission;
import dev.quipu.gateway.admission.CallAdmission;
import dev.quipu.gateway.admission.PaidCall;
import dev.quipu.gateway.routing.Backends;
import dev.quipu.gateway.routing.GatewayConfig;
import dev.quipu.runtime.JsonRequests;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.json.JsonMapper;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The advertised requirements are read from the paywall's own 402, not configured a second time. */
class AdmissionPaymentTermsTest {

    private final PaymentHeaders headers = new PaymentHeaders(new JsonRequests(JsonMapper.createDefault()));
    private final PublicLinks links = new PublicLinks(new GatewayConfig(URI.create("https://quipu.example/"), "s",
            Duration.ofSeconds(1)));
    private final Operation quick = new PriceBook().byId("sanctions_quick").orElseThrow();

    /** Answers like an x402 paywall: 402 with the requirements in PAYMENT-REQUIRED. */
    private final class Paywall implements CallAdmission {
        final AtomicInteger asked = new AtomicInteger();
        PaidCall seen;

        @Override
        public Admission admit(PaidCall call) {
            asked.incrementAndGet();
            seen = call;
            Map<String, Object> accept = Map.of("scheme", "exact", "network", "eip155:8453", "amount", "10000",
                    "asset", "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", "payTo", "0x1111111111111111111111111111111111111111",
                    "maxTimeoutSeconds", 60);
            Map<String, Object> required = Map.of("x402Version", 2, "accepts", List.of(accept),
                    "resource", Map.of("url", call.resourceUrl()));
            return new Admission.Refused(HttpResponse.status(HttpStatus.PAYMENT_REQUIRED)
                    .header(PaymentHeaders.PAYMENT_REQUIRED, headers.encode(required)));
        }

        @Override
        public Completion complete(PaidCall call, Admission.Admitted admitted, Backends.BackendAnswer answer,
                                   CallCompleted event) {
            throw new AssertionError("a probe is never admitted");
        }
    }

    @Test
    void acceptsAreThoseOfThe402ThePaywallAnswersToAnUnpaidCall() {
        Paywall paywall = new Paywall();
        List<Map<String, Object>> accepts = new AdmissionPaymentTerms(paywall, headers, links).accepts(quick);
        assertEquals(1, accepts.size());
        assertEquals("eip155:8453", accepts.get(0).get("network"));
        assertEquals("https://quipu.example/sanctions/quick", paywall.seen.resourceUrl());
        assertNull(paywall.seen.header("X-TRIAL"), "the probe never spends a trial");
        assertNull(paywall.seen.header("PAYMENT-SIGNATURE"));
    }

    @Test
    void thePaywallIsAskedOncePerOperationWithinAMinute() {
        Paywall paywall = new Paywall();
        AdmissionPaymentTerms terms = new AdmissionPaymentTerms(paywall, headers, links);
        terms.accepts(quick);
        terms.accepts(quick);
        assertEquals(1, paywall.asked.get());
    }

    @Test
    void anAdmissionThatTakesNoPaymentAdvertisesNothing() {
        CallAdmission open = new CallAdmission() {
            @Override
            public Admission admit(PaidCall call) {
                return new Admission.Admitted("open", null, 0, null, null);
            }

            @Override
            public Completion complete(PaidCall call, Admission.Admitted admitted, Backends.BackendAnswer answer,
                                       CallCompleted event) {
                return Completion.deliver(Map.of());
            }
        };
        assertEquals(List.of(), new AdmissionPaymentTerms(open, headers, links).accepts(quick));
    }
}
