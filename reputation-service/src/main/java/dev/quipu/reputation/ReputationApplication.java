package dev.quipu.reputation;

import io.micronaut.runtime.Micronaut;

/** Entry point of reputation-service. */
public final class ReputationApplication {

    private ReputationApplication() {
    }

    public static void main(String[] args) {
        Micronaut.run(ReputationApplication.class, args);
    }
}
