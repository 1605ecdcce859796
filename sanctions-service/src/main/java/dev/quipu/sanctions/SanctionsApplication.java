package dev.quipu.sanctions;

import io.micronaut.runtime.Micronaut;

/** Entry point of sanctions-service. */
public final class SanctionsApplication {

    private SanctionsApplication() {
    }

    public static void main(String[] args) {
        Micronaut.run(SanctionsApplication.class, args);
    }
}
