package dev.quipu.rates;

import io.micronaut.runtime.Micronaut;

/** Entry point of rates-service. */
public final class RatesApplication {

    private RatesApplication() {
    }

    public static void main(String[] args) {
        Micronaut.run(RatesApplication.class, args);
    }
}
