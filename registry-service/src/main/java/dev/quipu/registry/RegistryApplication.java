package dev.quipu.registry;

import io.micronaut.runtime.Micronaut;

/** Entry point of registry-service. */
public final class RegistryApplication {

    private RegistryApplication() {
    }

    public static void main(String[] args) {
        Micronaut.run(RegistryApplication.class, args);
    }
}
