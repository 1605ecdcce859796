package dev.quipu.gateway.admission;

import dev.quipu.contracts.events.CallCompleted;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.MutableHttpResponse;

/** The verdict on a paid call before its backend runs. */
public sealed interface Admission {

    /** The call may not run: answer this instead (402, 429, ...). Nothing was charged. */
    record Refused(MutableHttpResponse<?> response) implements Admission {
    }

    /**
     * The call may run.
     *
     * @param access        {@code paid}, {@code trial} or {@code open}
     * @param payer         the paying wallet, or null
     * @param chargedAtomic what will be charged on success, in USDC atomic units
     * @param paymentRef    the payment's network and nonce, when paid
     * @param ticket        what the admission needs back to complete the call (e.g. a payment id)
     */
    record Admitted(String access, @Nullable String payer, long chargedAtomic,
                    @Nullable CallCompleted.PaymentRef paymentRef, @Nullable String ticket) implements Admission {
    }
}
