package dev.quipu.contracts.events;

import io.micronaut.serde.annotation.Serdeable;

import java.util.Map;

/**
 * One observation set for a country on {@link Topics#RATES}, keyed by country.
 * {@code values} maps rate names (usd_cop, selic, ...) to decimal strings; {@code asOf} to the
 * publisher's date of each.
 */
@Serdeable
public record RatesObserved(String eventId, String country, String observedAt, String sourceMode,
                            Map<String, String> values, Map<String, String> asOf, Map<String, String> sources) {
}
