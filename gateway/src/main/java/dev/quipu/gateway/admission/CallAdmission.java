package dev.quipu.gateway.admission;

import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.gateway.routing.Backends;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.MutableHttpResponse;

import java.util.Map;

/**
 * Decides whether a paid call may run, and finishes it once the backend has answered: settle or
 * release the payment, and hand the call event on. Exactly one implementation is active.
 */
public interface CallAdmission {

    Admission admit(PaidCall call);

    /**
     * Called once the backend answered (or could not be reached).
     *
     * @param event the call event, to be made durable together with the settlement
     * @return headers to add to the delivered answer, or a replacement answer (e.g. 402 when settlement failed)
     */
    Completion complete(PaidCall call, Admission.Admitted admitted, Backends.BackendAnswer answer, CallCompleted event);

    /** How a call ends: deliver the backend's answer with extra headers, or answer {@code replacement}. */
    record Completion(Map<String, String> headers, @Nullable MutableHttpResponse<?> replacement) {

        public static Completion deliver(Map<String, String> headers) {
            return new Completion(headers, null);
        }
    }
}
