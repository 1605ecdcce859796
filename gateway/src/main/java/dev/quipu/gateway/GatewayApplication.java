package dev.quipu.gateway;

import io.micronaut.runtime.Micronaut;

/** Entry point of the gateway. */
public final class GatewayApplication {

    private GatewayApplication() {
    }

    public static void main(String[] args) {
        Micronaut.run(GatewayApplication.class, args);
    }
}
