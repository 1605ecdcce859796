package dev.quipu.gateway.discovery;

import dev.quipu.contracts.pricebook.Operation;
import dev.quipu.gateway.admission.Admission;
import dev.quipu.gateway.admission.CallAdmission;
import dev.quipu.gateway.admission.PaidCall;
import io.micronaut.context.annotation.Secondary;
import io.micronaut.http.MutableHttpResponse;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Learns each operation's payment requirements from the paywall itself: it asks the active
 * {@link CallAdmission} about an unpaid, non-trial call and reads the {@code accepts} of the 402 it
 * would answer. The discovery documents then advertise exactly what a caller will be asked for
 * ("runtime 402 behaviour is authoritative"), and networks or wallets are configured in one place
 * only (the paywall's). Answers are kept for a minute so discovery does not load the paywall.
 */
@Singleton
@Secondary
public class AdmissionPaymentTerms implements PaymentTerms {

    private static final Logger LOG = LoggerFactory.getLogger(AdmissionPaymentTerms.class);
    private static final Duration KEEP = Duration.ofMinutes(1);

    private final CallAdmission admission;
    private final PaymentHeaders headers;
    private final PublicLinks links;
    private final Clock clock = Clock.systemUTC();
    private final Map<String, Known> known = new ConcurrentHashMap<>();

    public AdmissionPaymentTerms(CallAdmission admission, PaymentHeaders headers, PublicLinks links) {
        this.admission = admission;
        this.headers = headers;
        this.links = links;
    }

    private record Known(List<Map<String, Object>> accepts, Instant until) {
    }

    @Override
    public List<Map<String, Object>> accepts(Operation operation) {
        Instant now = Instant.now(clock);
        Known cached = known.get(operation.id());
        if (cached != null && cached.until().isAfter(now)) {
            return cached.accepts();
        }
        List<Map<String, Object>> accepts = ask(operation);
        known.put(operation.id(), new Known(accepts, now.plus(KEEP)));
        return accepts;
    }

    @SuppressWarnings("unchecked")
    private List<Map<String, Object>> ask(Operation operation) {
        PaidCall probe = new PaidCall(operation, operation.path(), null, Map.of(), Map.of(), Map.of(), "127.0.0.1",
                links.url(operation.path()));
        try {
            Admission verdict = admission.admit(probe);
            if (verdict instanceof Admission.Refused refused) {
                MutableHttpResponse<?> response = refused.response();
                if (response.getStatus().getCode() == 402) {
                    Object accepts = headers.decode(response.getHeaders().get(PaymentHeaders.PAYMENT_REQUIRED))
                            .map(required -> required.get("accepts")).orElse(null);
                    if (accepts instanceof List<?> list) {
                        return List.copyOf((List<Map<String, Object>>) list);
                    }
                }
                LOG.warn("the paywall refused an unpaid probe of {} with HTTP {} and no readable PAYMENT-REQUIRED",
                        operation.id(), response.getStatus().getCode());
            }
            return List.of();
        } catch (RuntimeException e) {
            LOG.warn("could not learn the payment requirements of {}: {}", operation.id(), e.toString());
            return List.of();
        }
    }
}
