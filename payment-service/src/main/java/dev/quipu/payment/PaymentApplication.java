package dev.quipu.payment;

import io.micronaut.runtime.Micronaut;

/** Entry point of payment-service. */
public final class PaymentApplication {

    private PaymentApplication() {
    }

    public static void main(String[] args) {
        Micronaut.run(PaymentApplication.class, args);
    }
}
