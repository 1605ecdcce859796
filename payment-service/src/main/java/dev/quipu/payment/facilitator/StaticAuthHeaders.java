package dev.quipu.payment.facilitator;

import io.micronaut.context.annotation.Secondary;
import jakarta.inject.Singleton;

import java.util.Map;

/** The configured {@code auth-header: auth-value}, or nothing. */
@Singleton
@Secondary
public class StaticAuthHeaders implements AuthHeaders {

    @Override
    public Map<String, String> headers(FacilitatorEndpoint facilitator, String operation) {
        if (facilitator.getAuthHeader() == null || facilitator.getAuthHeader().isBlank() || facilitator.getAuthValue() == null) {
            return Map.of();
        }
        return Map.of(facilitator.getAuthHeader(), facilitator.getAuthValue());
    }
}
