package dev.quipu.gateway.stream;

import io.micronaut.core.annotation.Nullable;

import java.time.Duration;

/** A validated {@code GET /rates/stream} request. */
public record StreamRequest(String country, Duration interval, int maxEvents, @Nullable String streamToken,
                            @Nullable String xPayment) {

    public boolean paid() {
        return streamToken != null || xPayment != null;
    }
}
