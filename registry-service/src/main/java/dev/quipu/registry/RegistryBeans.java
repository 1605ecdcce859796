package dev.quipu.registry;

import io.micronaut.context.annotation.Factory;
import jakarta.inject.Singleton;

import java.time.Clock;

/** The service's clock: UTC, replaceable in tests. */
@Factory
public class RegistryBeans {

    @Singleton
    Clock clock() {
        return Clock.systemUTC();
    }
}
