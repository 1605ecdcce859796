package dev.quipu.gateway.admission;

import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.gateway.routing.Backends;
import dev.quipu.gateway.routing.CallRecorder;
import io.micronaut.context.annotation.Secondary;
import jakarta.inject.Singleton;

import java.util.Map;

/**
 * Admits every call without payment and records it as {@code open}. It is only the fallback when no
 * paywall bean is present (the x402 paywall replaces it); it never charges and never settles.
 */
@Singleton
@Secondary
public class UnmeteredAdmission implements CallAdmission {

    private final CallRecorder recorder;

    public UnmeteredAdmission(CallRecorder recorder) {
        this.recorder = recorder;
    }

    @Override
    public Admission admit(PaidCall call) {
        return new Admission.Admitted("open", null, 0, null, null);
    }

    @Override
    public Completion complete(PaidCall call, Admission.Admitted admitted, Backends.BackendAnswer answer,
                               CallCompleted event) {
        if (answer.reached()) {
            recorder.record(event);
        }
        return Completion.deliver(Map.of());
    }
}
