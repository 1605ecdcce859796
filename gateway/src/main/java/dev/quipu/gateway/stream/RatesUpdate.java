package dev.quipu.gateway.stream;

/**
 * One {@code RatesObserved} event of {@code quipu.rates.v1} as the stream sends it.
 *
 * @param country    the record's key
 * @param eventId    the event's own id (UUIDv7), the same on every gateway instance
 * @param observedAt when rates-service assembled the set
 * @param json       the event exactly as published: serialised once, sent to every subscriber
 */
public record RatesUpdate(String country, String eventId, String observedAt, String json) {
}
